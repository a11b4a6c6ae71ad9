/* Freeing memory that malloc did not return is a memory error. */
#include <stdlib.h>

int g;

int main(void)
{
    free(&g);
    return 0;
}
