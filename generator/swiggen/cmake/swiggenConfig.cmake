# swiggenConfig.cmake: swiggen's CMake package (docs/cmake.md).
#
#   find_package(swiggen CONFIG REQUIRED)   # swiggen_DIR: `python -m swiggen --cmake-dir`
#   swiggen_add_module(NAME HEADERS h... [SOURCES cpp...] [LINK target...] [CONFIG file.toml]
#                      [PKG_CONFIG pkg...] [INCLUDE_DIRS dir...] [DEFINES NAME[=V]...]
#                      [TYPEMAPS file.swg...] [IMPORTS module-target...] [OUTPUT_DIR dir]
#                      [UNITS n] [STD 17] [NO_CHECK] [OPTIONS swiggen-arg...])
#   swiggen_install_module(NAME DESTINATION dir [COMPONENT component])
#
# swiggen_add_module makes target NAME: the Python extension `_NAME<SOABI>` (Python_add_library
# MODULE WITH_SOABI), compiled and linked by CMake's toolchain. At build time `swiggen wrap`
# (generator/swiggen/wrapmode.py) parses the headers, runs SWIG and post-processes its wrapper,
# and writes NAME.py and NAME.pyi into OUTPUT_DIR (default: the current binary folder), next to
# the extension. It reruns when a header, the config, a typemap file or any file the parse read
# changes (a depfile: CMake >= 3.20, or any Ninja), with the target's include folders and macros
# (those of its LINK targets too). A declaration whose wrapper the compiler rejects is left out
# (SG420), as `swiggen build` leaves it out, unless NO_CHECK.

if(CMAKE_VERSION VERSION_LESS 3.18)
  set(swiggen_FOUND FALSE)
  set(swiggen_NOT_FOUND_MESSAGE "swiggen's CMake package needs CMake 3.18 or later")
  return()
endif()

get_filename_component(swiggen_PACKAGE_DIR "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

if(NOT TARGET Python::Module OR NOT Python_EXECUTABLE)
  find_package(Python 3.10 REQUIRED COMPONENTS Interpreter Development.Module)
endif()

# The Python that runs swiggen at build time: it must import this very swiggen.
set(swiggen_PYTHON "${Python_EXECUTABLE}" CACHE FILEPATH
    "the Python that runs swiggen at build time (it must import swiggen)")
execute_process(COMMAND "${swiggen_PYTHON}" -m swiggen --cmake-dir
                OUTPUT_VARIABLE _swiggen_dir RESULT_VARIABLE _swiggen_rc
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
get_filename_component(_swiggen_here "${CMAKE_CURRENT_LIST_DIR}" REALPATH)
if(NOT _swiggen_rc EQUAL 0)
  set(swiggen_FOUND FALSE)
  set(swiggen_NOT_FOUND_MESSAGE
      "${swiggen_PYTHON} cannot run swiggen (python -m swiggen failed): configure with "
      "-Dswiggen_PYTHON=<the python where swiggen is installed> (or -DPython_EXECUTABLE=...)")
  return()
endif()
get_filename_component(_swiggen_dir "${_swiggen_dir}" REALPATH)
if(NOT _swiggen_dir STREQUAL _swiggen_here)
  set(swiggen_FOUND FALSE)
  set(swiggen_NOT_FOUND_MESSAGE
      "${swiggen_PYTHON} imports another swiggen (its CMake package is ${_swiggen_dir}, this one "
      "is ${_swiggen_here}): point swiggen_DIR at `${swiggen_PYTHON} -m swiggen --cmake-dir`, or "
      "configure with -Dswiggen_PYTHON=<the python this swiggen is installed in>")
  return()
endif()
unset(_swiggen_dir)
unset(_swiggen_rc)
unset(_swiggen_here)

# (functions keep the policies in effect where they are defined)
cmake_policy(PUSH)
if(POLICY CMP0116)  # depfile paths as written (they are absolute)
  cmake_policy(SET CMP0116 NEW)
endif()

# Absolute paths of `paths`, relative ones taken from `base`.
function(_swiggen_absolute out base)
  set(result)
  foreach(p IN LISTS ARGN)
    get_filename_component(p "${p}" ABSOLUTE BASE_DIR "${base}")
    list(APPEND result "${p}")
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(swiggen_add_module name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_CHECK" "CONFIG;OUTPUT_DIR;UNITS;STD"
                        "HEADERS;SOURCES;LINK;PKG_CONFIG;INCLUDE_DIRS;DEFINES;TYPEMAPS;IMPORTS;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "swiggen_add_module(${name}): unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT name MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "swiggen_add_module(${name}): the module name must be a Python identifier")
  endif()
  if(NOT arg_HEADERS)
    message(FATAL_ERROR "swiggen_add_module(${name}): give the headers to wrap: HEADERS h...")
  endif()
  _swiggen_absolute(headers "${CMAKE_CURRENT_SOURCE_DIR}" ${arg_HEADERS})
  _swiggen_absolute(sources "${CMAKE_CURRENT_SOURCE_DIR}" ${arg_SOURCES})
  _swiggen_absolute(include_dirs "${CMAKE_CURRENT_SOURCE_DIR}" ${arg_INCLUDE_DIRS})
  _swiggen_absolute(typemaps "${CMAKE_CURRENT_SOURCE_DIR}" ${arg_TYPEMAPS})
  if(NOT arg_OUTPUT_DIR)
    set(arg_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  get_filename_component(out "${arg_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  if(NOT arg_UNITS)
    set(arg_UNITS 1)
  endif()
  if(arg_STD)
    set(std "${arg_STD}")
  elseif(CMAKE_CXX_STANDARD)
    set(std "${CMAKE_CXX_STANDARD}")
  else()
    set(std 17)
  endif()

  set(build "${CMAKE_CURRENT_BINARY_DIR}/swiggen/${name}")
  if(arg_UNITS GREATER 1)
    set(wrappers)
    math(EXPR last "${arg_UNITS} - 1")
    foreach(i RANGE ${last})
      list(APPEND wrappers "${build}/${name}_wrap_${i}.cxx")
    endforeach()
  else()
    set(wrappers "${build}/${name}_wrap.cxx")
  endif()
  set(stamp "${build}/${name}.stamp")
  set(flags "${build}/${name}.rsp")
  set(depfile "${build}/${name}.d")

  Python_add_library(${name} MODULE WITH_SOABI ${wrappers} ${sources})
  set_target_properties(${name} PROPERTIES
    OUTPUT_NAME "_${name}"
    LIBRARY_OUTPUT_DIRECTORY "$<1:${out}>"  # (no per-configuration folder: next to NAME.py)
    CXX_STANDARD ${std} CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    CXX_VISIBILITY_PRESET hidden
    SWIGGEN_PY "${out}/${name}.py"
    SWIGGEN_PYI "${out}/${name}.pyi"
    SWIGGEN_INTERFACE "${build}/${name}.i"
    SWIGGEN_STAMP "${stamp}")
  # (the headers' own folders reach the wrapper through the response file, as -iquote where
  # they lie inside a system include folder: never as -I here, where a library's string.h
  # would stand for <string.h>)
  target_include_directories(${name} PRIVATE ${include_dirs})
  target_compile_definitions(${name} PRIVATE ${arg_DEFINES})
  target_link_libraries(${name} PRIVATE ${arg_LINK})
  set(extra)
  if(NOT arg_NO_CHECK)  # leave out what the compiler rejects (SG420), as `swiggen build` does
    list(APPEND extra --check)
  endif()
  if(arg_PKG_CONFIG)
    find_package(PkgConfig REQUIRED)
    foreach(pc IN LISTS arg_PKG_CONFIG)
      string(MAKE_C_IDENTIFIER "swiggen_pc_${pc}" prefix)
      pkg_check_modules(${prefix} REQUIRED IMPORTED_TARGET ${pc})
      target_link_libraries(${name} PRIVATE PkgConfig::${prefix})
      list(APPEND extra --pkg-config "${pc}")
    endforeach()
  endif()
  if(arg_CONFIG)
    get_filename_component(config "${arg_CONFIG}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND extra --config "${config}")
  endif()
  foreach(t IN LISTS typemaps)
    list(APPEND extra --typemap "${t}")
  endforeach()
  # modules whose classes this one uses (they share SWIG's type table: import them first)
  set(imported)
  foreach(other IN LISTS arg_IMPORTS)
    if(TARGET ${other})
      get_target_property(interface ${other} SWIGGEN_INTERFACE)
      get_target_property(other_stamp ${other} SWIGGEN_STAMP)
    endif()
    if(NOT TARGET ${other} OR NOT interface)
      message(FATAL_ERROR "swiggen_add_module(${name}): IMPORTS ${other}: name a module made "
                          "by swiggen_add_module before this one")
    endif()
    list(APPEND extra --import "${interface}")
    list(APPEND imported "${other_stamp}")
    add_dependencies(${name} ${other})
  endforeach()
  # the compile's include folders and macros, its LINK targets' included, reach the parse
  set(incs "$<FILTER:$<TARGET_PROPERTY:${name},INCLUDE_DIRECTORIES>,INCLUDE,.>")
  set(defs "$<FILTER:$<TARGET_PROPERTY:${name},COMPILE_DEFINITIONS>,INCLUDE,.>")
  set(depfile_arg)
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.20 OR CMAKE_GENERATOR MATCHES "Ninja")
    set(depfile_arg DEPFILE "${depfile}")
  endif()
  add_custom_command(
    OUTPUT "${stamp}" ${wrappers} "${out}/${name}.py" "${out}/${name}.pyi" "${flags}"
    COMMAND "${CMAKE_COMMAND}" -E env "CXX=${CMAKE_CXX_COMPILER}"
            "${swiggen_PYTHON}" -m swiggen wrap ${headers} -m ${name}
            -o "${out}" --build-dir "${build}" --units ${arg_UNITS} --std "c++${std}"
            --flags-file "${flags}" --depfile "${depfile}" --stamp "${stamp}"
            "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
            "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
            ${extra} ${arg_OPTIONS}
    DEPENDS ${headers} ${config} ${typemaps} ${imported} "${swiggen_PACKAGE_DIR}/_version.py"
    ${depfile_arg}
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    COMMENT "swiggen: wrapping ${name}"
    COMMAND_EXPAND_LISTS VERBATIM)
  # the wrapper's own include folders and macros, as `swiggen build` compiles it
  set_source_files_properties(${wrappers} PROPERTIES
    COMPILE_OPTIONS "@${flags}" OBJECT_DEPENDS "${flags}")
endfunction()

function(swiggen_install_module name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "DESTINATION;COMPONENT" "")
  if(NOT arg_DESTINATION)
    message(FATAL_ERROR "swiggen_install_module(${name}): give DESTINATION (a package folder)")
  endif()
  set(component)
  if(arg_COMPONENT)
    set(component COMPONENT "${arg_COMPONENT}")
  endif()
  get_target_property(py ${name} SWIGGEN_PY)
  get_target_property(pyi ${name} SWIGGEN_PYI)
  install(TARGETS ${name} LIBRARY DESTINATION "${arg_DESTINATION}" ${component})
  install(FILES "${py}" "${pyi}" DESTINATION "${arg_DESTINATION}" ${component})
endfunction()

cmake_policy(POP)
