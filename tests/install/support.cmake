# Helpers of the install checks (cmake -P scripts in this folder).

# md_run(<what> COMMAND <cmd...> [WORKING_DIRECTORY <dir>] [OUTPUT_VARIABLE <var>]): runs a
# command; stops the test with its output if it fails. The output (stdout + stderr) goes to
# <var> when given.
function(md_run what)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "WORKING_DIRECTORY;OUTPUT_VARIABLE" "COMMAND")
  if(NOT arg_WORKING_DIRECTORY)
    set(arg_WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  execute_process(COMMAND ${arg_COMMAND} WORKING_DIRECTORY ${arg_WORKING_DIRECTORY}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    list(JOIN arg_COMMAND " " cmd)
    message(FATAL_ERROR "${what} failed (${status}):\n  ${cmd}\n${out}")
  endif()
  message(STATUS "${what}: ok")
  if(arg_OUTPUT_VARIABLE)
    set(${arg_OUTPUT_VARIABLE} "${out}" PARENT_SCOPE)
  endif()
endfunction()

# md_expect_match(<what> <text> <regex>): stops the test unless <text> matches <regex>.
function(md_expect_match what text regex)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected a match of '${regex}' in:\n${text}")
  endif()
endfunction()

# md_expect_files(<root> <relative paths...>): stops the test unless every file exists.
function(md_expect_files root)
  foreach(f ${ARGN})
    file(GLOB found "${root}/${f}")
    if(NOT found)
      message(FATAL_ERROR "missing under ${root}: ${f}")
    endif()
  endforeach()
endfunction()

# md_expect_runpath(<elf file> <expected>): the file's RUNPATH is <expected> (relative to
# $ORIGIN, never a folder of the build tree).
function(md_expect_runpath file expected)
  md_run("readelf ${file}" COMMAND readelf -d ${file} OUTPUT_VARIABLE dyn)
  if(NOT dyn MATCHES "Library runpath: \\[([^]]*)\\]")
    message(FATAL_ERROR "${file} has no RUNPATH:\n${dyn}")
  endif()
  if(NOT CMAKE_MATCH_1 STREQUAL expected)
    message(FATAL_ERROR "${file}: RUNPATH is '${CMAKE_MATCH_1}', expected '${expected}'")
  endif()
endfunction()
