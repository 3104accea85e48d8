// Unit tests of the one CSV module (manipdyn/io/csv.hpp): the number format the report checker
// and the CLI tests read, RFC 4180 quoting, the errors that name the file, the header's names
// (csv_trimmed, CsvReader::column_index, find_column) and the columns of finite numbers read by
// name (read_finite_rows; the reader itself is tested with the motion logs in
// identification_motion_log.cpp).
#include "manipdyn/io/csv.hpp"
#include "manipdyn/io/parse_error.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(Csv, NumbersRoundTripWith17DigitsAndNameNonFiniteValues) {
  EXPECT_EQ(csv_number(0.1), "0.10000000000000001");
  EXPECT_EQ(std::stod(csv_number(0.1)), 0.1);
  EXPECT_EQ(csv_number(1e-5), "1.0000000000000001e-05");
  EXPECT_EQ(csv_number(2.0), "2");
  EXPECT_EQ(csv_number(4.26e-4, 6), "0.000426");
  EXPECT_EQ(csv_number(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(csv_number(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(csv_number(std::nan("")), "nan");
  // As an ostream with that precision writes it (the format of the files before this module).
  std::ostringstream os;
  os.precision(10);
  os << 3.14159265358979;
  EXPECT_EQ(csv_number(3.14159265358979, 10), os.str());
}

TEST(Csv, TextIsQuotedOnlyWhenItMustBe) {
  EXPECT_EQ(csv_text("plain"), "plain");
  EXPECT_EQ(csv_text("a, b"), "\"a, b\"");
  EXPECT_EQ(csv_text("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_text("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_quoted("plain"), "\"plain\"");
}

TEST(Csv, WriterWritesRowsAndNamesTheFileInErrors) {
  const auto dir = std::filesystem::temp_directory_path() / "manipdyn_io_csv_test";
  std::filesystem::create_directories(dir);
  write_csv(dir / "t.csv", {"name", "x"}, {{"a, b", "1"}, {"c", "2"}});
  EXPECT_EQ(read(dir / "t.csv"), "name,x\n\"a, b\",1\nc,2\n");
  const auto missing = dir / "no_such_folder" / "t.csv";
  EXPECT_EQ(message_of<std::exception>([&] { CsvWriter w(missing, "where"); }),
            "where: cannot write '" + missing.string() + "'");
  EXPECT_EQ(message_of<std::exception>([&] { write_csv(missing, {"x"}, {}); }),
            "cannot write '" + missing.string() + "'");
  std::filesystem::remove_all(dir);
}

TEST(CsvReader, FindColumnIgnoresBlanksAroundHeaderCells) {
  std::istringstream in("t, q2 ,\tq1,q2\n");
  const CsvReader reader(in, "s.csv");
  EXPECT_EQ(reader.find_column("t"), std::optional<std::size_t>(0));
  EXPECT_EQ(reader.find_column("q1"), std::optional<std::size_t>(2));
  EXPECT_EQ(reader.find_column("q2"), std::optional<std::size_t>(1));  // the first of two
  EXPECT_EQ(reader.find_column("q3"), std::nullopt);
  EXPECT_EQ(reader.find_column(""), std::nullopt);
}

TEST(CsvReader, ColumnIndexTrimsNamesSkipsBlanksAndRefusesATwin) {
  EXPECT_EQ(csv_trimmed(" \tq1 \t"), "q1");
  EXPECT_EQ(csv_trimmed(" \t "), "");
  EXPECT_EQ(csv_trimmed("a b"), "a b");
  std::istringstream in("t, q2 ,,\tq1\n");
  const CsvReader reader(in, "s.csv");
  const std::map<std::string, int> index = reader.column_index();
  EXPECT_EQ(index, (std::map<std::string, int>{{"t", 0}, {"q2", 1}, {"q1", 3}}));
  std::istringstream twin("t,q1,q2, q1\n");
  const CsvReader twice(twin, "s.csv");
  EXPECT_EQ(message_of<ParseError>([&] { twice.column_index(); }),
            "s.csv:1: header: column 'q1' appears twice (columns 2 and 4)");
}

TEST(CsvReader, FiniteRowsAreTheWantedCellsRowAfterRow) {
  // Columns picked in any order, blanks around cells and blank lines skipped, line numbers kept
  std::istringstream in("t,q2,q1\n0, 2.5 ,-1\n\n1,1e-3,\"4\"\n");
  CsvReader reader(in, "s.csv");
  std::vector<std::size_t> counts;
  const std::vector<double> v = read_finite_rows(
      reader, {2, 1}, "--input 's.csv'", [&](std::size_t k) { counts.push_back(k); });
  EXPECT_EQ(v, (std::vector<double>{-1, 2.5, 4, 1e-3}));
  EXPECT_EQ(counts, (std::vector<std::size_t>{1, 2}));
  // A header only: no rows
  std::istringstream header_only("q1\n");
  CsvReader empty(header_only, "h.csv");
  EXPECT_TRUE(read_finite_rows(empty, {0}, "h").empty());
}

TEST(CsvReader, FiniteRowsNameTheLineAndTheColumn) {
  const auto error = [](const std::string& text) {
    std::istringstream in(text);
    CsvReader reader(in, "s.csv");
    return message_of([&] { read_finite_rows(reader, {1}, "--input 's.csv'"); });
  };
  EXPECT_EQ(error("q1,q2\n1,2\n1,x\n"), "--input 's.csv': line 3, column 'q2': 'x' is not a finite number");
  EXPECT_EQ(error("q1, q2\n1, nan\n"), "--input 's.csv': line 2, column 'q2': 'nan' is not a finite number");
  EXPECT_EQ(error("q1,q2\n1, inf\n"), "--input 's.csv': line 2, column 'q2': 'inf' is not a finite number");
  EXPECT_EQ(error("q1,q2\n1,\n"), "--input 's.csv': line 2, column 'q2': '' is not a finite number");
  EXPECT_EQ(error("q1,q2\n1,2 3\n"), "--input 's.csv': line 2, column 'q2': '2 3' is not a finite number");
  EXPECT_EQ(error("q1,q2\n1,2,3\n"), "--input 's.csv': line 2 has 3 fields, the header 2");
  EXPECT_EQ(error("q1,q2\n\n1\n"), "--input 's.csv': line 3 has 1 fields, the header 2");
  // The size check of the caller stops the reading
  std::istringstream in("q1\n1\n2\n3\n");
  CsvReader reader(in, "s.csv");
  EXPECT_EQ(message_of<std::length_error>([&] {
              read_finite_rows(reader, {0}, "x", [](std::size_t k) {
                if (k > 2) throw std::length_error("more than 2 rows");
              });
            }),
            "more than 2 rows");
}

}  // namespace
}  // namespace manipdyn
