# One static library per folder of src/ (docs/ARCHITECTURE.md): each folder's CMakeLists.txt
# declares the folders it may include from, and the build itself (semibfs_check_layers_in_build,
# cmake/check_layers.cmake) fails on any include outside them. A folder may name only folders declared before it, so the
# declarations themselves cannot form a cycle.

set(SEMIBFS_LAYERS "" CACHE INTERNAL "")

# semibfs_declare_layer(NAME [DEPENDS layer...]): the layer and what it may include from, for the
# layering check, without building it (a layer whose optional dependency is missing).
function(semibfs_declare_layer name)
  cmake_parse_arguments(LAYER "" "" "DEPENDS" ${ARGN})
  foreach(dependency IN LISTS LAYER_DEPENDS)
    if(NOT dependency IN_LIST SEMIBFS_LAYERS)
      message(FATAL_ERROR "semibfs: layer '${name}' depends on '${dependency}', which is not declared before it")
    endif()
  endforeach()
  set(SEMIBFS_LAYERS ${SEMIBFS_LAYERS} ${name} CACHE INTERNAL "")
  set(SEMIBFS_LAYER_DEPENDS_${name} "${LAYER_DEPENDS}" CACHE INTERNAL "")
endfunction()

# semibfs_layer(NAME [DEPENDS layer...]): the library semibfs_NAME from src/NAME/*.cpp.
function(semibfs_layer name)
  cmake_parse_arguments(LAYER "" "" "DEPENDS;EXCLUDE" ${ARGN})
  semibfs_declare_layer(${name} DEPENDS ${LAYER_DEPENDS})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  foreach(excluded IN LISTS LAYER_EXCLUDE)
    list(REMOVE_ITEM sources ${CMAKE_CURRENT_SOURCE_DIR}/${excluded})
  endforeach()
  add_library(semibfs_${name} STATIC ${sources})
  target_include_directories(semibfs_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(semibfs_${name} PUBLIC OpenMP::OpenMP_CXX Threads::Threads)
  # A declared layer that is not built (its optional dependency is missing) is not linked.
  foreach(dependency IN LISTS LAYER_DEPENDS)
    if(TARGET semibfs_${dependency})
      target_link_libraries(semibfs_${name} PUBLIC semibfs_${dependency})
    endif()
  endforeach()
endfunction()

# Writes the declarations where the layering test reads them.
function(semibfs_write_layers path)
  set(text "")
  foreach(layer IN LISTS SEMIBFS_LAYERS)
    string(APPEND text "set(LAYER_DEPENDS_${layer} \"${SEMIBFS_LAYER_DEPENDS_${layer}}\")\n")
  endforeach()
  string(APPEND text "set(LAYERS \"${SEMIBFS_LAYERS}\")\n")
  file(CONFIGURE OUTPUT ${path} CONTENT "${text}" @ONLY)
endfunction()

# The layering check as a step of the build: every layer's library waits for it, so an include
# outside the declared layers fails `cmake --build` before anything compiles. Every layer shares
# src/ as its include path (headers name their folder), which alone would let such an include
# compile. The check runs again whenever a source or a declaration changes.
set(SEMIBFS_LAYERING_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/check_layers.cmake)
function(semibfs_check_layers_in_build source_root)
  set(layers_file ${CMAKE_BINARY_DIR}/layers.cmake)
  semibfs_write_layers(${layers_file})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${source_root}/*.hpp ${source_root}/*.cpp)
  set(stamp ${CMAKE_BINARY_DIR}/layering.stamp)
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DLAYERS_FILE=${layers_file} -DSOURCE_ROOT=${source_root} -DSTAMP=${stamp}
            -P ${SEMIBFS_LAYERING_SCRIPT}
    DEPENDS ${sources} ${layers_file} ${SEMIBFS_LAYERING_SCRIPT}
    COMMENT "Checking every include against the declared layers")
  add_custom_target(semibfs_layering ALL DEPENDS ${stamp})
  foreach(layer IN LISTS SEMIBFS_LAYERS)
    if(TARGET semibfs_${layer})
      add_dependencies(semibfs_${layer} semibfs_layering)
    endif()
  endforeach()
endfunction()
