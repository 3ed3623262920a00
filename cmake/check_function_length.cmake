# The function length check: cmake -DSOURCE_ROOT=DIR [-DMAX_LINES=80] -P check_function_length.cmake
# Every function body in DIR (*.cpp, *.hpp; free and member functions, lambdas) must hold at most
# MAX_LINES lines between its braces; exits non-zero listing each longer one as FILE:LINE.
#
# A brace-counting scan, not a parser: comments, string and character literals and preprocessor
# lines are dropped first; a `{` opens a function body when the text since the previous `;`, `{`
# or `}` has a `)` and does not start with a control statement (if, for, while, switch, catch,
# else, do) nor declare a type or namespace (one of those keywords, and the text does not end
# with a parameter list as a function's does). It assumes no raw string literals and no
# multi-line /* */ comments (src/ has none; a /* */ on one line is fine). A block nested in a
# function may count as one too, but is never longer than the function around it.
cmake_minimum_required(VERSION 3.20)
if(NOT DEFINED MAX_LINES)
  set(MAX_LINES 80)
endif()
set(violations 0)
set(functions 0)
file(GLOB_RECURSE files ${SOURCE_ROOT}/*.cpp ${SOURCE_ROOT}/*.hpp)
list(SORT files)
foreach(file IN LISTS files)
  file(READ ${file} text)
  # One list element per line: CMake's list separator and brackets are escaped first.
  string(REPLACE "\\\n" " \n" text "${text}")  # a continued line stays on its own line
  string(REPLACE ";" "@SEMI@" text "${text}")
  string(REPLACE "[" "@LB@" text "${text}")
  string(REPLACE "]" "@RB@" text "${text}")
  string(REPLACE "\\" "@BS@" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(number 0)
  set(header "")          # the text since the last ; { or }
  set(open_lines "")      # per open brace: its line, or -LINE when it opened a function body
  set(continued FALSE)    # inside a preprocessor line continued with a backslash
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(continued OR line MATCHES "^[ \t]*#")
      set(continued FALSE)
      if(line MATCHES "@BS@[ \t]*$")
        set(continued TRUE)
      endif()
      continue()
    endif()
    # Escaped characters, then literals and comments.
    string(REGEX REPLACE "@BS@." "" line "${line}")
    string(REGEX REPLACE "'[^']*'" "''" line "${line}")
    string(REGEX REPLACE "\"[^\"]*\"" "\"\"" line "${line}")
    string(REGEX REPLACE "/\\*.*\\*/" "" line "${line}")
    string(REGEX REPLACE "//.*$" "" line "${line}")
    string(REPLACE "@SEMI@" "`" line "${line}")  # a ; that CMake lists leave alone
    # Walk the braces and semicolons of the line in order.
    string(REGEX MATCHALL "[^{}`]*[{}`]|[^{}`]+" pieces "${line}")
    foreach(piece IN LISTS pieces)
      if(piece MATCHES "^(.*)([{}`])$")
        set(before "${CMAKE_MATCH_1}")
        set(mark "${CMAKE_MATCH_2}")
      else()
        set(before "${piece}")
        set(mark "")
      endif()
      string(APPEND header " ${before}")
      if(mark STREQUAL "{")
        string(STRIP "${header}" head)
        set(opens_function FALSE)
        if(head MATCHES "\\)" AND NOT head MATCHES "^(if|for|while|switch|catch|else|do)([^A-Za-z0-9_]|$)")
          set(opens_function TRUE)
          # A type or namespace, unless the header ends as a function's does (template <class T> f(T)).
          if(head MATCHES "(^|[^A-Za-z0-9_])(struct|class|union|enum|namespace)([^A-Za-z0-9_]|$)"
             AND NOT head MATCHES "\\)[ \t]*((const|noexcept|override|final|mutable)[ \t]*)*$")
            set(opens_function FALSE)
          endif()
        endif()
        if(opens_function)
          list(APPEND open_lines -${number})
        else()
          list(APPEND open_lines ${number})
        endif()
        set(header "")
      elseif(mark STREQUAL "}")
        list(LENGTH open_lines depth)
        if(depth GREATER 0)
          list(POP_BACK open_lines opened)
          if(opened LESS 0)
            math(EXPR opened "0 - ${opened}")
            math(EXPR length "${number} - ${opened} - 1")
            math(EXPR functions "${functions} + 1")
            if(length GREATER MAX_LINES)
              message("${file}:${opened}: a function body of ${length} lines (at most ${MAX_LINES}); split it")
              math(EXPR violations "${violations} + 1")
            endif()
          endif()
        endif()
        set(header "")
      elseif(mark STREQUAL "`")
        set(header "")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations GREATER 0)
  message(FATAL_ERROR "function length: ${violations} function(s) over ${MAX_LINES} lines")
endif()
message("function length: all ${functions} function bodies of ${SOURCE_ROOT} have at most ${MAX_LINES} lines")
