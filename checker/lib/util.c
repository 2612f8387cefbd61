/* lib: allocation, buffers, maps, hashes and file reading (util.h). */
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void out_of_memory(void)
{
	fputs("wbcheck: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;
	char tmp[256];
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return xstrdup("");
	if ((size_t)n < sizeof(tmp))
		return xstrdup(tmp);
	sb_init(&sb);
	sb.buf = xrealloc(sb.buf, n + 1);
	va_start(ap, fmt);
	vsnprintf(sb.buf, n + 1, fmt, ap);
	va_end(ap);
	return sb.buf;
}

void grow_array(void **arr, size_t *cap, size_t n, size_t elem)
{
	size_t newcap;

	if (n <= *cap)
		return;
	newcap = *cap ? *cap * 2 : 8;
	while (newcap < n)
		newcap *= 2;
	*arr = xrealloc(*arr, newcap * elem);
	memset((char *)*arr + *cap * elem, 0, (newcap - *cap) * elem);
	*cap = newcap;
}

void sb_init(struct strbuf *sb)
{
	sb->cap = 64;
	sb->len = 0;
	sb->buf = xmalloc(sb->cap);
	sb->buf[0] = '\0';
}

void sb_addn(struct strbuf *sb, const char *s, size_t n)
{
	if (sb->len + n + 1 > sb->cap) {
		while (sb->len + n + 1 > sb->cap)
			sb->cap *= 2;
		sb->buf = xrealloc(sb->buf, sb->cap);
	}
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_add(struct strbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void sb_addc(struct strbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	s = xmalloc(n + 1);
	va_start(ap, fmt);
	vsnprintf(s, n + 1, fmt, ap);
	va_end(ap);
	sb_addn(sb, s, n);
	free(s);
}

char *sb_detach(struct strbuf *sb)
{
	char *s = sb->buf;

	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

/*
 * The index reads every file of a run and every header they include,
 * some of them twice: one buffer of the size fstat() gives and read()
 * into it, rather than stdio's chunks copied into a growing string.
 * The size is only a guess (a file may grow while it is read, or not
 * be a regular file): the buffer grows as long as read() gives more.
 */
char *read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 65536, used = 0;
	struct stat st;
	char *buf;
	ssize_t n;
	int saved;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		cap = (size_t)st.st_size + 1;
	buf = xmalloc(cap);
	for (;;) {
		if (used + 1 >= cap)
			buf = xrealloc(buf, cap *= 2);
		n = read(fd, buf + used, cap - used - 1);
		if (n > 0)
			used += (size_t)n;
		else if (n == 0)
			break;
		else if (errno != EINTR) {
			saved = errno;
			close(fd);
			free(buf);
			errno = saved;
			return NULL;
		}
	}
	close(fd);
	buf[used] = '\0';
	if (len)
		*len = used;
	return buf;
}

unsigned long long fnv1a(const char *s, size_t n)
{
	unsigned long long h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

/*
 * A file's text is hashed to see whether it changed between two
 * readings: eight bytes at a time, since the index hashes every header
 * of a run (fnv1a() goes a byte at a time, as the hash tables' short
 * keys need).  Not for anything that must resist chosen input.
 */
unsigned long long text_hash(const char *s, size_t n)
{
	unsigned long long h = 0x9e3779b97f4a7c15ULL ^ n, w;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

/* The tables are powers of two and a mask keeps only the low bits,
 * which the high half mixes better (djb2's were poorly mixed). */
size_t hash_bytes(const char *s, size_t n)
{
	unsigned long long h = fnv1a(s, n);

	return (size_t)(h ^ (h >> 32));
}

/* hash_bytes() of a NUL-terminated key, in one pass */
static size_t hash_str(const char *s)
{
	unsigned long long h = 14695981039346656037ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 32));
}

/*
 * A bucket holds the key's index + 1 in its low half and the key's hash
 * in its high half: a probe compares hashes before it reads a key (a
 * cache miss, then a strcmp), and growing the table reads no key.
 * (No map here comes near 2^32 keys.)
 */
#define BUCKET_INDEX(b) ((size_t)((b) & 0xffffffffu))
#define BUCKET_HASH(b) ((uint32_t)((b) >> 32))

static uint32_t hash_key(const char *s)
{
	return (uint32_t)hash_str(s);
}

static void strmap_rehash(struct strmap *m)
{
	size_t i, nb = m->nbuckets ? m->nbuckets * 2 : 64;
	uint64_t *old = m->buckets;
	size_t nold = m->nbuckets;

	m->buckets = xcalloc(nb, sizeof(*m->buckets));
	m->nbuckets = nb;
	for (i = 0; i < nold; i++) {
		size_t h;

		if (!old[i])
			continue;
		h = BUCKET_HASH(old[i]) & (nb - 1);
		while (m->buckets[h])
			h = (h + 1) & (nb - 1);
		m->buckets[h] = old[i];
	}
	free(old);
}

static uint64_t *strmap_slot(const struct strmap *m, const char *key,
			     uint32_t hash)
{
	size_t h;

	if (!m->nbuckets)
		return NULL;
	/* nbuckets is a power of two (strmap_rehash) */
	h = hash & (m->nbuckets - 1);
	while (m->buckets[h]) {
		if (BUCKET_HASH(m->buckets[h]) == hash &&
		    !strcmp(m->keys[BUCKET_INDEX(m->buckets[h]) - 1], key))
			return &m->buckets[h];
		h = (h + 1) & (m->nbuckets - 1);
	}
	return &m->buckets[h];
}

long *strmap_get(const struct strmap *m, const char *key)
{
	uint64_t *slot = strmap_slot(m, key, hash_key(key));

	return slot && *slot ? &m->vals[BUCKET_INDEX(*slot) - 1] : NULL;
}

const char *strmap_put(struct strmap *m, const char *key, long val)
{
	uint32_t hash = hash_key(key);
	uint64_t *slot;

	if ((m->n + 1) * 2 >= m->nbuckets)
		strmap_rehash(m);
	slot = strmap_slot(m, key, hash);
	if (*slot) {
		m->vals[BUCKET_INDEX(*slot) - 1] = val;
		return m->keys[BUCKET_INDEX(*slot) - 1];
	}
	*ARRAY_PUSH(m->keys, m->n, m->cap) = xstrdup(key);
	grow_array((void **)&m->vals, &m->vals_cap, m->n, sizeof(*m->vals));
	m->vals[m->n - 1] = val;
	*slot = (uint64_t)hash << 32 | m->n;
	return m->keys[m->n - 1];
}

void strmap_free(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	free(m->buckets);
	memset(m, 0, sizeof(*m));
}

/* Length of the valid multi-byte UTF-8 sequence at S (N bytes left), or 0
 * for an invalid one or a single byte below 0x80. */
size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	/* Reject overlong forms, surrogates and code points past U+10FFFF. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

void strmap_or(struct strmap *m, const char *key, long bits)
{
	long *have = strmap_get(m, key);

	if (have)
		*have |= bits;
	else
		strmap_put(m, key, bits);
}


const char *tmp_dir(void)
{
	const char *d = getenv("TMPDIR");

	return d && *d ? d : "/tmp";
}

const char *strmap_key(const struct strmap *m, const char *key)
{
	uint64_t *slot = strmap_slot(m, key, hash_key(key));

	return slot && *slot ? m->keys[BUCKET_INDEX(*slot) - 1] : NULL;
}

static size_t ptr_slot(const struct ptrset *s, const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ULL;

	/* nslots is a power of two (ptrset_add) */
	return (size_t)(h >> 32) & (s->nslots - 1);
}

void ptrset_add(struct ptrset *s, const void *p)
{
	size_t h, i;

	if (!p)
		return;
	if ((s->n + 1) * 2 >= s->nslots) {
		const void **old = s->slots;
		size_t nold = s->nslots;

		s->nslots = nold ? nold * 2 : 64;
		s->slots = xcalloc(s->nslots, sizeof(*s->slots));
		for (i = 0; i < nold; i++) {
			if (!old[i])
				continue;
			for (h = ptr_slot(s, old[i]); s->slots[h];
			     h = (h + 1) & (s->nslots - 1))
				;
			s->slots[h] = old[i];
		}
		free(old);
	}
	for (h = ptr_slot(s, p); s->slots[h]; h = (h + 1) & (s->nslots - 1))
		if (s->slots[h] == p)
			return;
	s->slots[h] = p;
	s->n++;
}

int ptrset_has(const struct ptrset *s, const void *p)
{
	size_t h;

	if (!s->nslots || !p)
		return 0;
	for (h = ptr_slot(s, p); s->slots[h]; h = (h + 1) & (s->nslots - 1))
		if (s->slots[h] == p)
			return 1;
	return 0;
}

void ptrset_free(struct ptrset *s)
{
	free(s->slots);
	memset(s, 0, sizeof(*s));
}
