"""One-line errors for arguments that pybind11 cannot convert.

When no overload of a bound function accepts its arguments, pybind11 raises a TypeError that
lists every signature ("incompatible function arguments. The following argument types are
supported: ..."). `wrap` re-raises it as one line that names the function, the argument and
what was expected, by reading the signature pybind11 writes at the top of the docstring:
a wrong shape or size of an array is a ValueError ("inverse_kinematics: t must have shape (3,),
got (4,)"), a wrong type a TypeError ("inverse_dynamics: model must be a SerialModel, got
NoneType"); so are an unknown keyword, a missing argument and too many arguments. Calls that
succeed pay one try/except.
"""
import functools
import re

import numpy as np

_INCOMPATIBLE = "incompatible function arguments"
_SIGNATURE = re.compile(r"^\s*(?:\d+\.\s*)?(\w+)\((.*)\)\s*->")


def _split_top_level(text):
    """Splits "a: int, b: List[Tuple[int, int]] = [1, 2]" at the commas outside brackets/quotes."""
    parts, depth, quote, start = [], 0, None, 0
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _signatures(doc):
    """[(name, [(parameter, type, has_default), ...]), ...] from a pybind11 docstring."""
    result = []
    for line in (doc or "").splitlines():
        m = _SIGNATURE.match(line)
        if not m:
            continue
        params = []
        for p in _split_top_level(m.group(2)):
            if p in ("*args", "**kwargs") or ":" not in p:
                continue
            name, rest = p.split(":", 1)
            annotation, _, default = rest.partition("=")
            params.append((name.strip(), annotation.strip(), bool(default.strip())))
        result.append((m.group(1), params))
    return result


def _shape_text(shape):
    return "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


def _array_problem(where, name, value, rows, cols):
    """The error for `value` where pybind11 wants a float64 array of rows x cols (or None)."""
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return TypeError(f"{where}: {name} must be an array of numbers, got {type(value).__name__}")
    want_vector = cols == "1"
    expected = (rows,) if want_vector else (rows, cols)
    fits = (a.ndim == 1 and want_vector and rows in ("m", str(a.shape[0]))) or (
        a.ndim == 2 and rows in ("m", str(a.shape[0])) and cols in ("n", str(a.shape[1])))
    if fits:
        return None
    return ValueError(f"{where}: {name} must have shape {_shape_text(expected)}, "
                      f"got {_shape_text(a.shape)}")


def _type_problem(where, name, value, annotation):
    """The error for one argument, or None if it fits `annotation`."""
    if annotation.startswith("Optional[") and annotation.endswith("]"):
        return None if value is None else _type_problem(where, name, value, annotation[9:-1])
    m = re.fullmatch(r"numpy\.ndarray\[numpy\.float64\[(\w+), (\w+)\].*\]", annotation)
    if m:
        return _array_problem(where, name, value, m.group(1), m.group(2))
    simple = {"str": str, "bool": (bool, np.bool_), "int": (int, np.integer),
              "float": (int, float, np.integer, np.floating)}
    if annotation in simple:
        ok = isinstance(value, simple[annotation]) and not (
            annotation in ("int", "float") and isinstance(value, bool))
        return None if ok else TypeError(
            f"{where}: {name} must be a {annotation}, got {type(value).__name__}")
    if annotation == "Iterable" or annotation.startswith("Iterable["):
        try:
            iter(value)
        except TypeError:
            return TypeError(f"{where}: {name} must be a list, got {type(value).__name__}")
        return None
    if annotation in ("object", "Callable") or annotation.startswith("Callable"):
        return None
    if annotation.startswith(("List[", "Sequence[")):
        return None if isinstance(value, (list, tuple)) else TypeError(
            f"{where}: {name} must be a list, got {type(value).__name__}")
    if annotation.startswith("Dict["):
        return None if isinstance(value, dict) else TypeError(
            f"{where}: {name} must be a dict, got {type(value).__name__}")
    cls = annotation.rsplit(".", 1)[-1]
    if type(value).__name__ != cls:
        return TypeError(f"{where}: {name} must be a {cls}, got {type(value).__name__}")
    return None


def _diagnose(where, params, args, kwargs):
    """The error for one signature, or None if the arguments fit it."""
    names = [p[0] for p in params]
    if len(args) > len(params):
        return TypeError(f"{where}: takes at most {len(params)} arguments ({', '.join(names)}), "
                         f"got {len(args)}")
    bound = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            return TypeError(f"{where}: unexpected argument '{key}' (arguments: "
                             f"{', '.join(names)})")
        if key in bound:
            return TypeError(f"{where}: argument '{key}' given twice")
        bound[key] = value
    for name, annotation, has_default in params:
        if name not in bound:
            if not has_default:
                return TypeError(f"{where}: missing argument '{name}'")
            continue
        problem = _type_problem(where, name, bound[name], annotation)
        if problem is not None:
            return problem
    return None


def _one_line_error(where, function, args, kwargs):
    signatures = _signatures(function.__doc__)
    for _, params in signatures:
        if params and params[0][0] == "self" and args:
            params = params[1:]
            args = args[1:]
        problem = _diagnose(where, params, args, kwargs)
        if problem is not None:
            return problem
    return TypeError(f"{where}: invalid arguments (see help({where}))")


def _renamed(text, renames):
    """`text` with each C++ argument name of `renames` replaced by its Python name."""
    for cpp, py in renames.items():
        text = re.sub(r"(?<![\w.])" + re.escape(cpp) + r"(?![\w])", py, text)
    return text


def wrap(function, where=None, renames=None):
    """`function` with pybind11's multi-line conversion errors replaced by one line, and the
    C++ argument names in its ValueErrors replaced by the Python ones (`renames`, e.g.
    {"wrench.f": "f_ext"})."""
    where = where or function.__name__

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except TypeError as e:
            if _INCOMPATIBLE not in str(e):
                raise
            error = _one_line_error(where, function, args, kwargs)
        except ValueError as e:
            text = _renamed(str(e), renames or {})
            if text == str(e):
                raise
            error = ValueError(text)
        raise error

    return wrapper


def wrap_namespace(namespace, module_name, renames=None):
    """Wraps every pybind11 function of a module namespace dict and the methods of its classes
    (`renames`: see wrap)."""
    for name, value in list(namespace.items()):
        if name.startswith("_"):
            continue
        if type(value).__name__ == "builtin_function_or_method" and _signatures(value.__doc__):
            namespace[name] = wrap(value, name, renames)
        elif isinstance(value, type) and value.__module__.startswith(module_name):
            for attr, member in list(vars(value).items()):
                if attr.startswith("__"):
                    continue
                if isinstance(member, staticmethod):
                    function = member.__func__
                    if _signatures(function.__doc__):
                        setattr(value, attr, staticmethod(wrap(function, f"{name}.{attr}", renames)))
                elif type(member).__name__ == "instancemethod" and _signatures(member.__doc__):
                    setattr(value, attr, wrap(member, f"{name}.{attr}", renames))
