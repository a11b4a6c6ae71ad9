/* C library functions that scopemc runs as code instead of modelling them as builtins:
 * string functions, number parsing, sorting and searching. The front end compiles this file
 * and links the functions a program calls (and does not define itself) into it, so their
 * reads and writes of memory are the program's own accesses: a string compared while another
 * thread writes it races with that write, as a loop of loads would. (memcmp reads objects of
 * any type, in the pieces they are accessed in: it is a builtin, interpreter/Bulk.cpp.)
 *
 * The environment is empty (getenv returns NULL). Nothing here sets errno: out-of-range
 * numbers are clamped as the C standard says.
 *
 * stdin, stdout and stderr name the standard streams of scopemc's file functions
 * (interpreter/Files.h; addr::kFiles in program/Program.h): they are not memory. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

FILE *stdin = (FILE *)(uintptr_t)0x800000000010ULL;
FILE *stdout = (FILE *)(uintptr_t)0x800000000020ULL;
FILE *stderr = (FILE *)(uintptr_t)0x800000000030ULL;

void *memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n; i++)
        if (p[i] == (unsigned char)c)
            return (void *)(p + i);
    return NULL;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

size_t strnlen(const char *s, size_t max)
{
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x != y)
            return x < y ? -1 : 1;
        if (!x)
            return 0;
    }
    return 0;
}

int strcmp(const char *a, const char *b) { return strncmp(a, b, (size_t)-1); }

char *strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return NULL;
    }
}

char *strrchr(const char *s, int c)
{
    const char *last = NULL;
    for (;; s++) {
        if (*s == (char)c)
            last = s;
        if (!*s)
            return (char *)last;
    }
}

char *strstr(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncmp(hay, needle, n) == 0)
            return (char *)hay;
    return *needle ? NULL : (char *)hay;
}

char *strcpy(char *dst, const char *src)
{
    size_t i = 0;
    do
        dst[i] = src[i];
    while (src[i++]);
    return dst;
}

char *strncpy(char *dst, const char *src, size_t n)
{
    size_t i = 0;
    for (; i < n && src[i]; i++)
        dst[i] = src[i];
    for (; i < n; i++)
        dst[i] = 0;
    return dst;
}

char *strcat(char *dst, const char *src)
{
    strcpy(dst + strlen(dst), src);
    return dst;
}

char *strncat(char *dst, const char *src, size_t n)
{
    char *end = dst + strlen(dst);
    size_t i = 0;
    for (; i < n && src[i]; i++)
        end[i] = src[i];
    end[i] = 0;
    return dst;
}

char *strndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *d = (char *)malloc(len + 1);
    if (!d)
        return NULL;
    for (size_t i = 0; i < len; i++)
        d[i] = s[i];
    d[len] = 0;
    return d;
}

char *strdup(const char *s) { return strndup(s, (size_t)-1); }

char *getenv(const char *name)
{
    (void)name;
    return NULL;
}

static int digitOf(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

static int isSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* The digits of a number in `base` (0: from its prefix) after optional space and sign, as an
 * unsigned magnitude saturated at `limit` (*over set when it was: a magnitude of exactly
 * `limit` is not an overflow); *end is where parsing stopped (s itself when no digit was
 * read), *negative the sign. */
static unsigned long long parseMagnitude(const char *s, const char **end, int base, int *negative,
                                         unsigned long long limit, int *over)
{
    const char *p = s;
    while (isSpace(*p))
        p++;
    *negative = 0;
    if (*p == '+' || *p == '-')
        *negative = *p++ == '-';
    if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
        digitOf(p[2]) < 16) {
        p += 2;
        base = 16;
    } else if (base == 0) {
        base = *p == '0' ? 8 : 10;
    }
    unsigned long long v = 0;
    const char *first = p;
    *over = 0;
    for (; digitOf(*p) < base; p++) {
        unsigned long long d = (unsigned long long)digitOf(*p);
        if (*over || v > (limit - d) / (unsigned long long)base)
            *over = 1, v = limit;
        else
            v = v * (unsigned long long)base + d;
    }
    *end = p == first ? s : p;
    return v;
}

long long strtoll(const char *s, char **end, int base)
{
    const char *e;
    int neg, over;
    unsigned long long m = parseMagnitude(s, &e, base, &neg, ULLONG_MAX, &over);
    if (end)
        *end = (char *)e;
    if (neg)
        return over || m > (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : (long long)(0 - m);
    return m > (unsigned long long)LLONG_MAX ? LLONG_MAX : (long long)m;
}

unsigned long long strtoull(const char *s, char **end, int base)
{
    const char *e;
    int neg, over;
    unsigned long long m = parseMagnitude(s, &e, base, &neg, ULLONG_MAX, &over);
    if (end)
        *end = (char *)e;
    if (over) /* out of range, either sign: the largest value (C's strtoull) */
        return ULLONG_MAX;
    return neg ? 0 - m : m;
}

long strtol(const char *s, char **end, int base)
{
    long long v = strtoll(s, end, base);
    return v > LONG_MAX ? LONG_MAX : v < LONG_MIN ? LONG_MIN : (long)v;
}

unsigned long strtoul(const char *s, char **end, int base)
{
    return (unsigned long)strtoull(s, end, base);
}

int atoi(const char *s) { return (int)strtol(s, NULL, 10); }
long atol(const char *s) { return strtol(s, NULL, 10); }
long long atoll(const char *s) { return strtoll(s, NULL, 10); }

/* A stable merge sort, as glibc's qsort is when it can allocate: equal elements keep their
 * order. Elements move with memcpy, which copies them in the pieces they are accessed in. */
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n < 2 || size == 0)
        return;
    char *a = (char *)base, *tmp = (char *)malloc(n * size);
    if (!tmp)
        return;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                memcpy(tmp + size * k++, a + size * (cmp(a + size * j, a + size * i) < 0 ? j++ : i++),
                          size);
            while (i < mid)
                memcpy(tmp + size * k++, a + size * i++, size);
            while (j < hi)
                memcpy(tmp + size * k++, a + size * j++, size);
        }
        for (size_t k = 0; k < n; k++) /* (one element at a time: pieces of its size) */
            memcpy(a + size * k, tmp + size * k, size);
    }
    free(tmp);
}

void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *))
{
    const char *a = (const char *)base;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp(key, a + mid * size);
        if (c == 0)
            return (void *)(a + mid * size);
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}
