/*
 * schedule.h - whether a Schedule resource lets its resources run now.
 */
#ifndef TYPES_SCHEDULE_H
#define TYPES_SCHEDULE_H
#include "catalog/catalog.h"
#include <time.h>

/* 1 when a resource with `schedule => sched` may be applied at now. */
int schedule_allows(const Resource *sched, time_t now);
#endif
