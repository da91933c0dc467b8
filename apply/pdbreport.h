/*
 * pdbreport.h - mapply's report as PuppetDB's "store report" command
 * (wire format v8), from Puppet's report data.
 */
#ifndef APPLY_PDBREPORT_H
#define APPLY_PDBREPORT_H
#include "base/buf.h"
#include "catalog/value.h"
#include "store/store.h"
#include "apply/report.h"

/* Appends the "store report" v8 payload made from rep, Puppet's report
 * data (the fields of Puppet::Transaction::Report, as its YAML or
 * to_data_hash has them). */
void pdbrep_json(Buf *b, const Value *rep);

/* Sends the run's report (rep_data of run, after rep_finish) to the
 * PuppetDB of cfg.  0, or -1 after printing "Error: Could not send the
 * report to PuppetDB: why". */
int pdbrep_send(const StorePdbConfig *cfg, const RunReport *run);
#endif
