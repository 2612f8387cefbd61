/* Printing findings: gcc/sparse-style text, or one JSON object. */
#ifndef WBCHECK_REPORT_TEXT_H
#define WBCHECK_REPORT_TEXT_H

#include <stdio.h>
#include "model/findings.h"

/* Print file names under DIR relative to it (NULL: as they are). */
void output_set_root(const char *dir);
/* FILE as the output prints it: relative to that DIR when under it. */
const char *output_name(const char *file);
void output_text(FILE *out, const struct findings *fs);
void output_json(FILE *out, const struct findings *fs);

#endif
