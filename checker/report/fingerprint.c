/*
 * report: finding fingerprints, for --baseline and SARIF's partialFingerprints.
 *
 * SHA-256 rather than a short non-cryptographic hash: baselines live in
 * git for years and are shared, so the identity should not collide by
 * accident, and SHA-256 is the standard choice with published test
 * vectors (tests/unit/test_fingerprint.c checks them).  SQLite, linked
 * already, has no hash function in its library (its sha3 lives in the
 * shell), so it is written out here from FIPS 180-4.
 */
#include "report/fingerprint.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const uint32_t k256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, int n)
{
	return (x >> n) | (x << (32 - n));
}

static void sha256_block(uint32_t h[8], const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, hh, t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (i = 16; i < 64; i++) {
		uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = h[0]; b = h[1]; c = h[2]; d = h[3];
	e = h[4]; f = h[5]; g = h[6]; hh = h[7];
	for (i = 0; i < 64; i++) {
		t1 = hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) +
		     ((e & f) ^ (~e & g)) + k256[i] + w[i];
		t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) +
		     ((a & b) ^ (a & c) ^ (b & c));
		hh = g; g = f; f = e; e = d + t1;
		d = c; c = b; b = a; a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
	h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

void sha256(const void *data, size_t len, unsigned char out[32])
{
	static const uint32_t init[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};
	const unsigned char *p = data;
	unsigned char tail[128];
	uint64_t bits = (uint64_t)len * 8;
	uint32_t h[8];
	size_t rest, ntail;
	int i;

	memcpy(h, init, sizeof(h));
	for (; len >= 64; p += 64, len -= 64)
		sha256_block(h, p);
	/* the last bytes, a 1 bit, zeros, and the length in bits */
	rest = len;
	memset(tail, 0, sizeof(tail));
	memcpy(tail, p, rest);
	tail[rest] = 0x80;
	ntail = rest + 9 <= 64 ? 64 : 128;
	for (i = 0; i < 8; i++)
		tail[ntail - 1 - i] = (unsigned char)(bits >> (8 * i));
	sha256_block(h, tail);
	if (ntail == 128)
		sha256_block(h, tail + 64);
	for (i = 0; i < 8; i++) {
		out[4 * i] = (unsigned char)(h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(h[i] >> 8);
		out[4 * i + 3] = (unsigned char)h[i];
	}
}

static int wordc(int c)
{
	return isalnum(c) || c == '_' || c == '$' || c >= 0x80;
}

char *fp_normalise(const char *text)
{
	struct strbuf sb;
	const char *s = text ? text : "";
	int space = 0;

	sb_init(&sb);
	while (*s) {
		unsigned char c = (unsigned char)*s;

		if (s[0] == '/' && s[1] == '*') {
			const char *e = strstr(s + 2, "*/");

			s = e ? e + 2 : s + strlen(s);
			space = 1;
			continue;
		}
		if (s[0] == '/' && s[1] == '/') {
			s += strcspn(s, "\n");
			space = 1;
			continue;
		}
		if (isspace(c)) {
			space = 1;
			s++;
			continue;
		}
		/* one space only where it keeps two words apart */
		if (space && sb.len && wordc((unsigned char)sb.buf[sb.len - 1]) &&
		    wordc(c))
			sb_addc(&sb, ' ');
		space = 0;
		if (c == '"' || c == '\'') {
			/* a literal keeps its spaces */
			const char *e = s + 1;

			while (*e && *e != (char)c)
				e += (e[0] == '\\' && e[1]) ? 2 : 1;
			if (*e)
				e++;
			sb_addn(&sb, s, e - s);
			s = e;
			continue;
		}
		sb_addc(&sb, (char)c);
		s++;
	}
	return sb_detach(&sb);
}

/* Drop leading "./": "./fs/x.c" and "fs/x.c" are the same file. */
static const char *plain_name(const char *name)
{
	if (!name)
		return "";
	while (name[0] == '.' && name[1] == '/')
		name += 2;
	return name;
}

/* The fields, each followed by a NUL, so no two tuples share bytes. */
static void add_field(struct strbuf *sb, const char *s)
{
	sb_add(sb, s ? s : "");
	sb_addc(sb, '\0');
}

static void to_hex(const unsigned char *md, char *out)
{
	static const char hex[] = "0123456789abcdef";
	int i;

	for (i = 0; i < FP_HEX / 2; i++) {
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 15];
	}
	out[FP_HEX] = '\0';
}

char **fingerprints_compute(const struct findings *fs,
			    const char *(*name)(const char *file))
{
	char **fps = xcalloc(fs->n + 1, sizeof(*fps));
	struct strmap seen = { 0 };
	unsigned char md[32];
	size_t i;

	for (i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->items[i];
		char *text = fp_normalise(f->call_text);
		char key[FP_HEX + 1];
		struct strbuf sb;
		long *rank;

		sb_init(&sb);
		add_field(&sb, "wbcheck-fingerprint-v1");
		add_field(&sb, plain_name(name ? name(f->loc.file) : f->loc.file));
		add_field(&sb, f->check);
		add_field(&sb, f->function);
		add_field(&sb, f->callee);
		add_field(&sb, text);
		free(text);
		/* the rank among findings equal in all of the above */
		sha256(sb.buf, sb.len, md);
		to_hex(md, key);
		rank = strmap_get(&seen, key);
		if (rank)
			++*rank;
		else
			strmap_put(&seen, key, 0);
		sb_addf(&sb, "%ld", rank ? *rank : 0L);
		sb_addc(&sb, '\0');
		sha256(sb.buf, sb.len, md);
		sb_free(&sb);
		fps[i] = xmalloc(FP_HEX + 1);
		to_hex(md, fps[i]);
	}
	strmap_free(&seen);
	return fps;
}

void fingerprints_free(char **fps, size_t n)
{
	size_t i;

	if (!fps)
		return;
	for (i = 0; i < n; i++)
		free(fps[i]);
	free(fps);
}
