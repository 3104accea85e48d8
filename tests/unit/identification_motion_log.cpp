// Unit tests of the motion-log reader (manipdyn/identification/motion_log.hpp) and of the one CSV
// reader under it (manipdyn/io/csv.hpp: CsvReader): columns in any order, optional groups, the
// errors that name the file, line and column, and the real UR10e logs (skipped if absent).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "manipdyn/identification/motion_log.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/io/parse_error.hpp"
#include "support/error_message.hpp"
#include "support/shared_data.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

const std::string kTwoJoints =
    "t,q1,q2,tau1,tau2\n"
    "0,0.1,0.2,1,2\n"
    "0.01,0.11,0.21,1.1,2.1\n"
    "0.02,0.12,0.22,1.2,2.2\n";

TEST(CsvReader, ReadsHeaderRowsLineNumbersAndQuotedCells) {
  std::istringstream in("\xEF\xBB\xBFname,x\n\n\"a, b\",1\r\n\"say \"\"hi\"\"\", 2.5 \n");
  CsvReader reader(in, "t.csv");
  EXPECT_EQ(reader.header(), (std::vector<std::string>{"name", "x"}));
  ASSERT_TRUE(reader.next());
  EXPECT_EQ(reader.line(), 3);  // the blank line 2 is skipped
  EXPECT_EQ(reader.cells(), (std::vector<std::string>{"a, b", "1"}));
  ASSERT_TRUE(reader.next());
  EXPECT_EQ(reader.cells()[0], "say \"hi\"");
  EXPECT_EQ(reader.number(1), 2.5);
  EXPECT_EQ(message_of([&] { (void)reader.number(0); }),
            "t.csv:4:1: name (column 1): 'say \"hi\"' is not a number");
  EXPECT_EQ(message_of([&] { (void)reader.number(2); }),
            "t.csv:4: ? (column 3): is missing (the row has 2 cells)");
  EXPECT_FALSE(reader.next());
  std::istringstream empty("\n  \n");
  EXPECT_EQ(message_of([&] { CsvReader r(empty, "e.csv"); }), "e.csv: is empty (no header row)");
}

TEST(MotionLog, ReadsColumnsInAnyOrderAndIgnoresOthers) {
  const MotionLog log = read_motion_log_text(
      "note,tau2,q2,t,i1,q1,tau1,i2\n"
      "x,2,0.2,0,0.1,0.1,1,0.2\n"
      "y,2.1,0.21,0.01,0.11,0.11,1.1,0.21\n"
      "z,2.2,0.22,0.03,0.12,0.12,1.2,0.22\n",
      2, "log.csv");
  EXPECT_EQ(log.source, "log.csv");
  EXPECT_EQ(log.samples(), 3);
  EXPECT_TRUE(log.has_tau);
  EXPECT_TRUE(log.has_current);
  EXPECT_FALSE(log.has_qd);
  EXPECT_EQ(log.qd.rows(), 0);
  EXPECT_EQ(log.qd.cols(), 2);
  EXPECT_EQ(log.t(2), 0.03);
  EXPECT_EQ(log.q(1, 0), 0.11);
  EXPECT_EQ(log.q(2, 1), 0.22);
  EXPECT_EQ(log.tau(0, 1), 2.0);
  EXPECT_EQ(log.current(1, 1), 0.21);
}

TEST(MotionLog, TheTimeColumnIsTimeOrTheOlderT) {
  // `time`, the platform logs' name, and `t`, the older one, read the same log
  std::string renamed = kTwoJoints;
  renamed.replace(0, 1, "time");
  const MotionLog a = read_motion_log_text(kTwoJoints, 2);
  const MotionLog b = read_motion_log_text(renamed, 2);
  EXPECT_EQ(a.t, b.t);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.tau, b.tau);
  EXPECT_EQ(b.t(2), 0.02);
}

TEST(MotionLog, CurrentsAloneAndMeasuredVelocitiesAreRead) {
  const MotionLog log = read_motion_log_text(" t , q1, qd1, i1\n0,1,2,3\n1,1,2,3\n2,1,2,3\n", 1);
  EXPECT_TRUE(log.has_qd);
  EXPECT_FALSE(log.has_tau);
  EXPECT_TRUE(log.has_current);
  EXPECT_EQ(log.qd(2, 0), 2.0);
}

TEST(MotionLog, ErrorsNameTheFileLineAndColumn) {
  const auto read = [](const std::string& text, int n = 2) {
    return message_of([&] { read_motion_log_text(text, n, "log.csv"); });
  };
  EXPECT_EQ(read(kTwoJoints, 0), "read_motion_log: n is 0, expected at least 1 joint");
  EXPECT_EQ(read("t,q1,tau1,tau2\n0,1,2,3\n"),
            "log.csv:1: header: missing column q2 (a log of 2 joints has time (or t), q1..q2, "
            "optionally qd1..qd2, and tau1..tau2 or i1..i2)");
  EXPECT_EQ(read("q1,q2,qd1,tau1,tau2\n"),
            "log.csv:1: header: missing columns time and qd2 (a log of 2 joints has time (or t), "
            "q1..q2, optionally qd1..qd2, and tau1..tau2 or i1..i2)");
  EXPECT_EQ(read("t,q1,q2\n0,1,2\n"),
            "log.csv:1: header: no torques tau1..tau2 and no currents i1..i2: a log needs one of "
            "the two");
  EXPECT_EQ(read("t,q1,q2,tau1,tau2,q1\n"),
            "log.csv:1: header: column 'q1' appears twice (columns 2 and 6)");
  EXPECT_EQ(read(kTwoJoints + "0.03,0.1,abc,1,2\n"),
            "log.csv:5:10: q2 (column 3): 'abc' is not a number");
  EXPECT_EQ(read(kTwoJoints + "0.03,0.1,,1,2\n"), "log.csv:5:10: q2 (column 3): is empty");
  EXPECT_EQ(read(kTwoJoints + "0.03,0.1,0.2,nan,2\n"), "log.csv:5:14: tau1 (column 4): is nan");
  EXPECT_EQ(read(kTwoJoints + "0.03,0.1,0.2,1,-inf\n"), "log.csv:5:16: tau2 (column 5): is inf");
  EXPECT_EQ(read(kTwoJoints + "0.03,0.1,0.2\n"),
            "log.csv:5: tau1 (column 4): is missing (the row has 3 cells)");
  EXPECT_EQ(read(kTwoJoints + "0.02,0.1,0.2,1,2\n"),
            "log.csv:5:1: t (column 1): time 0.02 s is not after the previous sample's 0.02 s "
            "(line 4): repeated time");
  EXPECT_EQ(read(kTwoJoints + "0.015,0.1,0.2,1,2\n"),
            "log.csv:5:1: t (column 1): time 0.014999999999999999 s is not after the previous "
            "sample's 0.02 s (line 4): time goes back");
  EXPECT_EQ(read("t,q1,q2,tau1,tau2\n0,1,2,3,4\n1,1,2,3,4\n"),
            "log.csv: has 2 samples, at least 3 are needed");
  EXPECT_EQ(read(""), "log.csv: is empty (no header row)");
  // The errors are ParseErrors that carry the place.
  try {
    read_motion_log_text(kTwoJoints + "0.03,0.1,abc,1,2\n", 2, "log.csv");
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "log.csv");
    EXPECT_EQ(e.line(), 5);
    EXPECT_EQ(e.column(), 10);
    EXPECT_EQ(e.field(), "q2 (column 3)");
  }
}

TEST(MotionLog, FilesAreNamedInErrorsAndTooLargeFilesRefused) {
  const auto dir = std::filesystem::temp_directory_path() / "manipdyn_motion_log_test";
  std::filesystem::create_directories(dir);
  const auto missing = dir / "none.csv";
  EXPECT_EQ(message_of([&] { read_motion_log(missing, 2); }),
            missing.string() + ": cannot be read");
  const auto file = dir / "two.csv";
  std::ofstream(file) << kTwoJoints << "0.03,0.1,0.2,1,2\n0.04,0.1,0.2,1,2\n";
  EXPECT_EQ(read_motion_log(file, 2).samples(), 5);
  EXPECT_EQ(read_motion_log(file, 2).source, file.string());
  // A sparse file just over the limit is refused before it is read.
  const auto huge = dir / "huge.csv";
  std::ofstream(huge).close();
  std::filesystem::resize_file(huge, max_motion_log_bytes + 1);
  EXPECT_EQ(message_of([&] { read_motion_log(huge, 2); }),
            huge.string() +
                ": is 256 MiB, more than the 256 MiB a motion log may have (split or decimate it)");
  std::filesystem::remove_all(dir);
}

TEST(MotionLog, ReadsTheUr10eLog) {
  const std::filesystem::path file = test_support::shared_data("ur10e/ur-20_02_19_14harm50sec.csv");
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no UR10e data at " << file;
  const MotionLog log = read_motion_log(file, 6);
  EXPECT_EQ(log.samples(), 5375);
  EXPECT_TRUE(log.has_qd && log.has_tau && log.has_current);
  EXPECT_EQ(log.q.rows(), 5375);
  EXPECT_EQ(log.q.cols(), 6);
  EXPECT_EQ(log.q(0, 1), -1.5149);  // the first row of the file
  EXPECT_NEAR(log.t(log.samples() - 1), 56.388, 1e-12);
}

}  // namespace
}  // namespace manipdyn
