#include "workspace.hpp"

#include <memory>
#include <unordered_map>

#include <pybind11/pybind11.h>

namespace py = pybind11;

namespace manipdyn::python {

namespace {

// Keyed by the model's address, which is fixed for the life of its Python object; a weak
// reference to that object erases the entry when the object dies.
std::unordered_map<const SerialModel*, std::unique_ptr<SerialData>>& cache() {
  static auto* map = new std::unordered_map<const SerialModel*, std::unique_ptr<SerialData>>();
  return *map;  // never destroyed: entries may be erased by callbacks during interpreter exit
}

}  // namespace

SerialData& workspace_for(const SerialModel& model) {
  auto& map = cache();
  const auto it = map.find(&model);
  if (it != map.end() && it->second->n == model.dof()) return *it->second;
  auto data = std::make_unique<SerialData>(model);
  SerialData& ref = *data;
  if (it != map.end()) {
    it->second = std::move(data);
    return ref;
  }
  // The Python object that owns `model` (pybind11 finds the registered instance).
  const py::object owner = py::cast(&model, py::return_value_policy::reference);
  const SerialModel* key = &model;
  py::cpp_function on_death([key](py::handle weak) {
    cache().erase(key);
    weak.dec_ref();
  });
  py::weakref(owner, on_death).release();  // lives until the callback runs
  map.emplace(key, std::move(data));
  return ref;
}

std::size_t workspace_count() { return cache().size(); }

}  // namespace manipdyn::python
