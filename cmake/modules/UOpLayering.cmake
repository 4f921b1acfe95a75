# Checks that libraries link in layer order (IR <- Transforms <- Conversion <-
# Pipelines <- Runtime/Target <- tools): a library must not link, directly or
# through the link interface of what it links, a library of a layer above it.
# The top-level CMakeLists.txt checks the build's own targets at configure
# time; test/Downstream/Layering checks the exported UOp:: targets.

# What a dialect's Transforms library must not link: the conversions, the
# pipelines, and NVVM target or NVPTX code generation (all sit above it).
set(UOP_ABOVE_TRANSFORMS "UOp[A-Za-z]+To[A-Za-z]+" UOpPipelines
  MLIRNVVMToLLVMIRTranslation MLIRNVVMTarget "LLVMNVPTX[A-Za-z]*")

# uop_check_layering(<target> FORBID <regex>...)
#
# Walks the LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES of <target> and of
# every target they name, transitively (imported MLIR/LLVM targets included).
# A library whose name, without a `UOp::` namespace or a `lib`/suffix when it
# is a file, matches one of the regexes is a fatal error that prints the chain
# of libraries that brought it in. Otherwise prints the number of libraries
# seen, so a test can check the walk did run.
function(uop_check_layering target)
  cmake_parse_arguments(ARG "" "" "FORBID" ${ARGN})
  if(NOT TARGET ${target})
    message(FATAL_ERROR "uop_check_layering: no target ${target}")
  endif()
  set(seen ${target})
  set(work ${target})
  while(work)
    list(POP_FRONT work lib)
    get_target_property(aliased ${lib} ALIASED_TARGET)
    if(aliased)
      set(lib ${aliased})
    endif()
    set(deps)
    foreach(prop LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(libs ${lib} ${prop})
      if(libs)
        list(APPEND deps ${libs})
      endif()
    endforeach()
    foreach(dep IN LISTS deps)
      # Static libraries pass their own dependencies on as $<LINK_ONLY:...>;
      # other generator expressions (configurations, build/install paths) and
      # the ::@ markers of cross-directory links name no library.
      string(REGEX REPLACE "^\\$<LINK_ONLY:([^$<>]*)>$" "\\1" dep "${dep}")
      if(dep MATCHES "^\\$<|^::@|^-" OR dep STREQUAL "" OR dep IN_LIST seen)
        continue()
      endif()
      list(APPEND seen "${dep}")
      string(MAKE_C_IDENTIFIER "${dep}" key)
      set(parent_${key} "${lib}")
      get_filename_component(name "${dep}" NAME_WE)
      string(REGEX REPLACE "^UOp::" "" name "${name}")
      if(dep MATCHES "/")
        string(REGEX REPLACE "^lib" "" name "${name}")
      endif()
      foreach(forbidden IN LISTS ARG_FORBID)
        if(name MATCHES "^(${forbidden})$")
          set(chain "${dep}")
          set(up "${lib}")
          while(up)
            string(PREPEND chain "${up} -> ")
            string(MAKE_C_IDENTIFIER "${up}" upkey)
            set(up "${parent_${upkey}}")
          endwhile()
          # The chain goes on an indented line, which CMake does not wrap.
          message(FATAL_ERROR "layering: ${target} must not link ${dep}: "
            "libraries link in layer order (IR <- Transforms <- Conversion "
            "<- Pipelines <- Runtime/Target <- tools). It comes in through\n"
            "  ${chain}")
        endif()
      endforeach()
      if(TARGET ${dep})
        list(APPEND work ${dep})
      endif()
    endforeach()
  endwhile()
  list(LENGTH seen count)
  math(EXPR count "${count} - 1")
  list(JOIN ARG_FORBID ", " forbidden)
  message(STATUS "layering: ${target} links ${count} libraries, none of "
    "${forbidden}")
endfunction()
