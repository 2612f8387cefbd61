/*
 * Fingerprints: a finding's identity that survives edits elsewhere in
 * the file.  Made of the file (as printed), the check, the function,
 * the callee and the call's text with its spacing normalised, plus the
 * finding's rank among findings with all of those equal, so two equal
 * calls in one function stay two findings.  Never the line or column:
 * moving code does not change a fingerprint, changing the call does.
 */
#ifndef WBCHECK_REPORT_FINGERPRINT_H
#define WBCHECK_REPORT_FINGERPRINT_H

#include <stddef.h>
#include "model/findings.h"

/* Hex digits of a fingerprint: the first 128 bits of a SHA-256. */
#define FP_HEX 32

/* The name of the SARIF partialFingerprints entry; bump the version
 * whenever what goes into the hash changes. */
#define FP_SARIF_KEY "wbcheckFingerprint/v1"

/* SHA-256 (FIPS 180-4) of LEN bytes at DATA. */
void sha256(const void *data, size_t len, unsigned char out[32]);

/* TEXT with comments and the spaces that do not separate two words
 * removed and every other run of white space made one space: the
 * same call however it is laid out.  Malloc'd. */
char *fp_normalise(const char *text);

/*
 * Fingerprints of every finding of FS, in its order (sorted, as
 * findings_finish leaves it): an array of FS->n strings of FP_HEX
 * hex digits.  NAME maps a finding's file to the name it prints as.
 */
char **fingerprints_compute(const struct findings *fs,
			    const char *(*name)(const char *file));
void fingerprints_free(char **fps, size_t n);

#endif
