# swiggenConfigVersion.cmake: find_package(swiggen X.Y CONFIG) against the version of the
# swiggen package this folder belongs to (its _version.py, the one version of record).
file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/../_version.py" _swiggen_version_line
     REGEX "^__version__")
string(REGEX MATCH "[0-9]+(\\.[0-9]+)*" PACKAGE_VERSION "${_swiggen_version_line}")
unset(_swiggen_version_line)
set(PACKAGE_VERSION_COMPATIBLE TRUE)
if(PACKAGE_FIND_VERSION)
  if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  elseif(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
