/*
 * A lowercase macro that opens a structure: reading the text without
 * preprocessing, "demo_record(demo_entry) { ... }" looks like the body
 * of a function demo_record(), and blanking it leaves the structure
 * incomplete.
 */
#ifndef BODYSKIP_MISREAD_H
#define BODYSKIP_MISREAD_H

#include "wb.h"

#define demo_record(name) struct name

demo_record(demo_entry) {
	int slots[2];
};

#endif
