// Asynchronous copies (OpenCL C, async_work_group_copy): each work-group fills its part of a
// global buffer, copies it into local memory with async_work_group_copy (and every second
// element with async_work_group_strided_copy), waits, and reads its neighbours' elements:
// --kernel k --grid 2:4 (two work-groups of four), one execution.
//   -DNO_WAIT: the kernel ends without wait_group_events: undefined behaviour (the copy is
//    pending until the wait)
//   -DBARRIER_FIRST: the local copy is read after a barrier but before wait_group_events: the
//    barrier does not complete the copy, a data race
//   -DTWICE: a second copy into `tile` while the first is in flight (both of one event, which
//    the wait waits for): a data race
//   -DWAIT_FIRST_ONLY: the wait lists the first copy's event only: the second is still pending
//    when the kernel ends, undefined behaviour
//   -DWRONG: the post condition expects other values: an assertion violation
//   -DSPLIT_COPY: each work-item names its own source: the arguments of a work-group function
//    differ between work-items, undefined behaviour
//   -DSPLIT_WAIT: each work-item waits for a different number of events: the same
__kernel void k(__global int *in, __global int *out, __local int *tile, __local int *evens) {
  size_t g = get_global_id(0), lid = get_local_id(0), base = get_group_id(0) * 4;
  in[g] = (int)g * 10;
  barrier(CLK_GLOBAL_MEM_FENCE);
#ifdef TWICE
  event_t e0 = async_work_group_copy(tile, in + base, 4, 0); // the next copy joins its event
#else
  event_t e0 = 0;
#endif
#ifdef SPLIT_COPY
  event_t e = async_work_group_copy(tile, in + base + lid % 2, 4, e0);
#else
  event_t e = async_work_group_copy(tile, in + base, 4, e0);
#endif
  e = async_work_group_strided_copy(evens, in + base, 2, 2, e);
#if defined(BARRIER_FIRST)
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[g] = tile[(lid + 1) % 4];
  wait_group_events(1, &e);
#elif defined(WAIT_FIRST_ONLY)
  event_t first = async_work_group_copy(tile, in + base, 4, 0);
  wait_group_events(1, &first);
#elif defined(SPLIT_WAIT)
  event_t es[2] = {e, e};
  wait_group_events(lid == 3 ? 2 : 1, es);
#elif !defined(NO_WAIT)
  wait_group_events(1, &e);
#endif
  out[g] = tile[(lid + 1) % 4] + evens[lid % 2];
}

void k_post(__global int *in, __global int *out, __local int *tile, __local int *evens) {
  for (int g = 0; g < 8; ++g) {
    int base = g / 4 * 4, lid = g % 4;
#ifdef WRONG
    assert(out[g] != (base + (lid + 1) % 4) * 10 + (base + 2 * (lid % 2)) * 10);
#else
    assert(out[g] == (base + (lid + 1) % 4) * 10 + (base + 2 * (lid % 2)) * 10);
#endif
  }
}
