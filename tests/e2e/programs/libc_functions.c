/* The C library functions scopemc runs as code (include/scopemc/libc.c) and memcmp (a
 * builtin), each checked against what the C standard says it returns. Verified, 1 execution. */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct pair {
    int key, tag;
};

static int byKey(const void *a, const void *b)
{
    return ((const struct pair *)a)->key - ((const struct pair *)b)->key;
}

static int cmpInt(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int words[4] = {7, 3, 9, 1};

int main(void)
{
    char buf[32];
    int heap_n = 5, *heap = malloc(sizeof(int) * heap_n);
    for (int i = 0; i < heap_n; i++)
        heap[i] = (i * 3) % 5; /* 0 3 1 4 2 */

    /* memcmp compares bytes as unsigned char; on ints, in their little-endian bytes */
    int a[3] = {1, 2, 3}, b[3] = {1, 2, 4};
    assert(memcmp(a, b, sizeof a) < 0 && memcmp(b, a, sizeof a) > 0);
    assert(memcmp(a, b, 2 * sizeof(int)) == 0 && memcmp(a, a, 0) == 0);
    assert(memcmp("\x80", "\x01", 1) > 0);
    assert(memcmp(words, heap, 0) == 0);

    assert(strlen("") == 0 && strlen("hello") == 5 && strnlen("hello", 3) == 3);
    assert(strcmp("abc", "abd") < 0 && strcmp("abd", "abc") > 0 && strcmp("abc", "abc") == 0);
    assert(strcmp("ab", "abc") < 0 && strncmp("abcx", "abcy", 3) == 0);
    assert(strcmp("\xff", "a") > 0); /* unsigned char */

    strcpy(buf, "con");
    strcat(buf, "cat");
    strncat(buf, "enated", 3);
    assert(strcmp(buf, "concatena") == 0 && strlen(buf) == 9);
    strncpy(buf, "ab", 5);
    assert(buf[0] == 'a' && buf[1] == 'b' && buf[2] == 0 && buf[4] == 0 && buf[5] == 't');

    const char *s = "hello world";
    assert(strchr(s, 'o') == s + 4 && strrchr(s, 'o') == s + 7 && strchr(s, 'z') == NULL);
    assert(strchr(s, 0) == s + 11 && memchr(s, 'w', 11) == s + 6 && memchr(s, 'w', 6) == NULL);
    assert(strstr(s, "wor") == s + 6 && strstr(s, "") == s && strstr(s, "xyz") == NULL);

    char *d = strdup(s);
    assert(d && strcmp(d, s) == 0 && d != s);
    free(d);
    d = strndup(s, 5);
    assert(strcmp(d, "hello") == 0);
    free(d);

    char *end;
    assert(atoi("  -42xyz") == -42 && atol("17") == 17 && atoll("+9") == 9);
    assert(strtol("0x1F", &end, 0) == 31 && *end == 0);
    assert(strtol("017", NULL, 0) == 15 && strtol("z", &end, 36) == 35);
    assert(strtol("12abc", &end, 10) == 12 && strcmp(end, "abc") == 0);
    assert(strtol("abc", &end, 10) == 0 && strcmp(end, "abc") == 0);
    assert(strtol("99999999999999999999", NULL, 10) == LONG_MAX);
    assert(strtol("-99999999999999999999", NULL, 10) == LONG_MIN);
    assert(strtoul("-1", NULL, 10) == ULONG_MAX && strtoull("ff", NULL, 16) == 255);
    assert(getenv("HOME") == NULL);

    qsort(words, 4, sizeof(int), cmpInt);
    assert(words[0] == 1 && words[1] == 3 && words[2] == 7 && words[3] == 9);
    qsort(heap, heap_n, sizeof(int), cmpInt);
    for (int i = 0; i < heap_n; i++)
        assert(heap[i] == i);
    int key = 4;
    assert(bsearch(&key, heap, heap_n, sizeof(int), cmpInt) == heap + 4);
    key = 5;
    assert(bsearch(&key, heap, heap_n, sizeof(int), cmpInt) == NULL);

    struct pair p[4] = {{2, 0}, {1, 1}, {2, 2}, {1, 3}};
    qsort(p, 4, sizeof p[0], byKey); /* stable: tags 1 3 0 2 */
    assert(p[0].tag == 1 && p[1].tag == 3 && p[2].tag == 0 && p[3].tag == 2);
    free(heap);
    return 0;
}
