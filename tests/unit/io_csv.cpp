// Unit tests of the one CSV writer (manipdyn/io/csv.hpp): the number format the report checker
// and the CLI tests read, RFC 4180 quoting, and the errors that name the file.
#include "manipdyn/io/csv.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

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

}  // namespace
}  // namespace manipdyn
