/* Where a run's time and memory go, phase by phase (lib/phase_stats.c). */
#ifndef WBCHECK_LIB_PHASE_STATS_H
#define WBCHECK_LIB_PHASE_STATS_H

/*
 * With WBCHECK_STATS set in the environment, each phase ended prints a
 * line on stderr: its name, its wall time, the peak resident memory of
 * the process while it ran, and the resident memory at its end (with
 * WBCHECK_STATS=2, and what malloc holds allocated then).  Called from
 * the main thread only; without the variable, nothing is measured.
 */
void phase_stats_start(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* What the names of the phases started from now on begin with
 * ("round 2: "); NULL for nothing. */
void phase_stats_prefix(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* End the current phase, if any, and print its line. */
void phase_stats_end(void);
/* End it, and print the time since the first phase and the largest
 * peak of all (the kernel's own record of the peak is set back at each
 * phase, so /usr/bin/time's is only the last phase's). */
void phase_stats_finish(void);
/* Is WBCHECK_STATS set?  Phases that cost something to name ask first. */
int phase_stats_on(void);

#endif
