/* Small helpers every stage shares: checked allocation, growable
 * buffers and arrays.  Allocation failure is fatal: a checker that
 * carries on with half its state would report nonsense. */
#ifndef WBCHECK_LIB_UTIL_H
#define WBCHECK_LIB_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *arr (of *cap elements of size elem) so index n fits. */
void grow_array(void **arr, size_t *cap, size_t n, size_t elem);
#define ARRAY_PUSH(arr, count, cap) \
	(grow_array((void **)&(arr), &(cap), (count) + 1, sizeof(*(arr))), \
	 &(arr)[(count)++])

struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};

void sb_init(struct strbuf *sb);
void sb_add(struct strbuf *sb, const char *s);
void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_addc(struct strbuf *sb, char c);
void sb_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *sb_detach(struct strbuf *sb);
void sb_free(struct strbuf *sb);

/* Length of the valid multi-byte UTF-8 sequence at S (N bytes left), or 0. */
size_t utf8_seq(const unsigned char *s, size_t n);

/* Where scratch files go: $TMPDIR, else /tmp. */
const char *tmp_dir(void);
/* Read a whole file; NULL with errno set on failure. */
char *read_file(const char *path, size_t *len);



/* FNV-1a of N bytes at S: file contents seen again, and hash tables. */
unsigned long long fnv1a(const char *s, size_t n);
/* The same, its high half folded into the low bits a mask keeps. */
size_t hash_bytes(const char *s, size_t n);
/* A faster one for whole texts, to see whether a file changed. */
unsigned long long text_hash(const char *s, size_t n);

/* A string -> long map (open addressing); keys are copied. */
struct strmap {
	char **keys;
	long *vals;
	size_t n, cap, vals_cap;
	uint64_t *buckets;	/* hash, index + 1; 0 = empty (lib/util.c) */
	size_t nbuckets;
};

/* Returns a pointer to KEY's value, or NULL. */
long *strmap_get(const struct strmap *m, const char *key);
/* The copy of KEY the map holds, or NULL. */
const char *strmap_key(const struct strmap *m, const char *key);
/* Sets KEY to VAL; returns the stored key. */
const char *strmap_put(struct strmap *m, const char *key, long val);
/* Sets KEY to its value (0 if absent) OR BITS. */
void strmap_or(struct strmap *m, const char *key, long bits);
void strmap_free(struct strmap *m);

/* A set of pointers (open addressing): a string the caller interned is
 * found by its address, with no hash of its text and no strcmp. */
struct ptrset {
	const void **slots;
	size_t n, nslots;
};

void ptrset_add(struct ptrset *s, const void *p);
int ptrset_has(const struct ptrset *s, const void *p);
void ptrset_free(struct ptrset *s);

#endif
