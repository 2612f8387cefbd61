/* Printing findings: gcc/sparse-style text, or one JSON object. */
#ifndef WBCHECK_OUTPUT_H
#define WBCHECK_OUTPUT_H

#include <stdio.h>
#include "findings.h"

void output_text(FILE *out, const struct findings *fs);
void output_json(FILE *out, const struct findings *fs);

#endif
