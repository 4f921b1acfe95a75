# Helpers shared by the uop-mlir CMake files.

# Records `name` as a library of the UOp CMake package: it is installed with
# the UOpTargets export set and exported from the build tree, so downstream
# projects `find_package(UOp)` and link `UOp::<name>`.
function(uop_export_library name)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  install(TARGETS ${name} EXPORT UOpTargets
    LIBRARY DESTINATION lib
    ARCHIVE DESTINATION lib
    RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY UOP_EXPORTED_LIBS ${name})
endfunction()
