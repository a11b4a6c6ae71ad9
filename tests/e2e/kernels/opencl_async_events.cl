// Events kept in memory (OpenCL C, async_work_group_copy): the copy's event is stored through
// a pointer and in an array, and waited for from there; --kernel k --grid 1:4, one execution.
// (A null event_t in memory was refused as an unsupported constant.)
__kernel void k(__global int *in, __global int *out, __local int *tile) {
  event_t handles[2];
  event_t *h = &handles[0];
  in[get_global_id(0)] = (int)get_global_id(0) + 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  *h = async_work_group_copy(tile, in, 4, 0);
  handles[1] = handles[0];
  wait_group_events(2, handles);
  out[get_global_id(0)] = tile[(get_local_id(0) + 1) % 4];
}

void k_post(__global int *in, __global int *out, __local int *tile) {
  for (int g = 0; g < 4; ++g)
    assert(out[g] == (g + 1) % 4 + 1);
}
