/* report: text into HTML, and what every page of the HTML report
 * shares: its head (title, style sheet) and foot. */
#ifndef WBCHECK_REPORT_HTML_TEXT_H
#define WBCHECK_REPORT_HTML_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* The N bytes at S as HTML text or attribute value: markup characters
 * escaped, bytes that are not UTF-8 and control characters other than
 * the tab shown as U+FFFD, so no source file can break the page. */
void html_putn(FILE *out, const char *s, size_t n);
/* The same for a string (NULL prints nothing). */
void html_put(FILE *out, const char *s);
/* S as a URL query or fragment value: percent-encoded but for letters,
 * digits and "-._~". */
void html_put_url_value(FILE *out, const char *s);
/* The directory of a file as the report groups findings: "fs/nfsd" for
 * "fs/nfsd/vfs.c", "." for a name without one (malloc'd). */
char *html_dir_of(const char *name);

/* From <!DOCTYPE> to <body class="BODY_CLASS">, the title escaped. */
void html_head(FILE *out, const char *title, const char *body_class);
/* The footer (which wbcheck wrote it) to </html>; SCRIPT: a script of
 * the report to run, or NULL. */
void html_foot(FILE *out, const char *version, const char *script);

#endif
