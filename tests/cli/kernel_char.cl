// A kernel whose scalar parameter is 8 bits wide: --arg values must fit it.
kernel void k(global int *a, char n) { a[get_global_id(0)] = n; }
