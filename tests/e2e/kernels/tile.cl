// Each work-group fills its own __local tile (--grid 2x2): no race. -DGLOBAL_TILE: the tile
// is one global buffer and the work-groups race. -DPARAM_TILE: the tile is a __local kernel
// parameter (one buffer per work-group).
#ifdef PARAM_TILE
kernel void tiles(global int *out, local int *tile) {
#elif defined(GLOBAL_TILE)
kernel void tiles(global int *out, global int *tile) {
#else
kernel void tiles(global int *out) {
  local int tile[2];
#endif
  size_t t = get_local_id(0), b = get_group_id(0);
  tile[t] = (int)(b * 10 + t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(t + 1) % get_local_size(0)];
}
