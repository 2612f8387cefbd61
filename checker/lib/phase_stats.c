/*
 * lib: per-phase wall time and peak memory, for WBCHECK_STATS.  The
 * peak of one phase needs the kernel's high-water mark set back at its
 * start: writing "5" to /proc/self/clear_refs does that (Linux 4.0 and
 * later).  Where it cannot, the peak printed is the process's since it
 * started, and the line says so.  With WBCHECK_STATS=2, what malloc
 * holds allocated at the end of the phase is printed too: resident
 * memory that is not is freed memory malloc has kept.  Only then:
 * mallinfo2() walks malloc's free lists, which grow with what the run
 * holds, and a run timed under WBCHECK_STATS (bench/) must not pay the
 * more for its measuring the bigger it is.  Setting the mark back also
 * sets back what getrusage() and /usr/bin/time report as the process's
 * peak: the last line, at the end of the run, gives the largest of the
 * phases'.
 */
#include "lib/phase_stats.h"


#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct {
	int known, on;
	int malloc_too;		/* WBCHECK_STATS=2 */
	char prefix[64];
	char name[192];
	int running;
	int peak_reset;		/* the high-water mark was set back */
	struct timespec start;
	/* the run: since the first phase, and its largest peak */
	int started;
	struct timespec first;
	long peak_kb;
} ps;

int phase_stats_on(void)
{
	if (!ps.known) {
		const char *v = getenv("WBCHECK_STATS");

		ps.on = v && *v && strcmp(v, "0");
		ps.malloc_too = v && !strcmp(v, "2");
		ps.known = 1;
	}
	return ps.on;
}

/* VmHWM or VmRSS of /proc/self/status, in kB; -1 if unknown. */
static long status_kb(const char *field)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	size_t n = strlen(field);
	long kb = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, n) && line[n] == ':') {
			kb = strtol(line + n + 1, NULL, 10);
			break;
		}
	fclose(f);
	return kb;
}

static int reset_peak(void)
{
	FILE *f = fopen("/proc/self/clear_refs", "w");
	int ok;

	if (!f)
		return 0;
	ok = fputs("5", f) >= 0;
	return fclose(f) == 0 && ok;
}

void phase_stats_end(void)
{
	struct timespec now;
	char alloc[48] = "";
	double secs;
	long peak;

	if (!ps.running)
		return;
	ps.running = 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	secs = (double)(now.tv_sec - ps.start.tv_sec) +
	       (double)(now.tv_nsec - ps.start.tv_nsec) / 1e9;
	if (ps.malloc_too) {
		struct mallinfo2 mi = mallinfo2();

		snprintf(alloc, sizeof(alloc), " (%zu MB allocated)",
			 (mi.uordblks + mi.hblkhd) >> 20);
	}
	peak = status_kb("VmHWM");
	if (peak > ps.peak_kb)
		ps.peak_kb = peak;
	fprintf(stderr, "wbcheck: stats: %s: %.2f s, peak %ld MB%s, %ld MB at its end%s\n",
		ps.name, secs, peak / 1024,
		ps.peak_reset ? "" : " (since the start)",
		status_kb("VmRSS") / 1024, alloc);
}

void phase_stats_prefix(const char *fmt, ...)
{
	va_list ap;

	ps.prefix[0] = '\0';
	if (!fmt || !phase_stats_on())
		return;
	va_start(ap, fmt);
	vsnprintf(ps.prefix, sizeof(ps.prefix), fmt, ap);
	va_end(ap);
}

void phase_stats_start(const char *fmt, ...)
{
	va_list ap;
	size_t n;

	if (!phase_stats_on())
		return;
	phase_stats_end();
	n = strlen(ps.prefix);
	memcpy(ps.name, ps.prefix, n + 1);
	va_start(ap, fmt);
	vsnprintf(ps.name + n, sizeof(ps.name) - n, fmt, ap);
	va_end(ap);
	ps.peak_reset = reset_peak();
	ps.running = 1;
	clock_gettime(CLOCK_MONOTONIC, &ps.start);
	if (!ps.started) {
		ps.started = 1;
		ps.first = ps.start;
	}
}

void phase_stats_finish(void)
{
	struct timespec now;

	phase_stats_end();
	if (!ps.started)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	fprintf(stderr, "wbcheck: stats: all phases: %.2f s, peak %ld MB\n",
		(double)(now.tv_sec - ps.first.tv_sec) +
		(double)(now.tv_nsec - ps.first.tv_nsec) / 1e9,
		ps.peak_kb / 1024);
	ps.started = 0;
}
