# Read by CTest after the gtest lists (tests/CMakeLists.txt): the measured cost, in seconds,
# of the gtest cases that take longest in the main build (the other tests' costs are set
# where they are added, tests/CMakeLists.txt), so that a fresh build starts them first
# (a name CTest does not know is ignored: its cost is then the default).
foreach(entry
    Commuting.KernelLaunchesReachTheSameFinalStatesAndErrors:120
    Symmetry.ScriptedCopiesJoinedByAWritingMainReachTheSameStates:113
    Commuting.MinMaxUpdatesOfKernelLaunchesReachTheSameFinalStatesAndErrors:56
    Symmetry.CopiesBranchingOnValuesReachTheSameFinalStatesAndErrors:48
    Symmetry.ScriptedCopiesReachTheSameStatesInFewerExecutions:43
    Differential.LockLikeAwaitProgramsMatchTheNaiveEnumerator:29
    Differential.TtasLockProgramsMatchTheNaiveEnumerator:25
    Symmetry.GeneratedCProgramsReachTheSameFinalStatesAndErrors:25
    BarrierPhases.CallsAndArrivalOrderAgree:25)
  string(REPLACE ":" ";" parts ${entry})
  list(GET parts 0 name)
  list(GET parts 1 cost)
  set_tests_properties(${name} PROPERTIES COST ${cost})
endforeach()
