/*
 * pdbreport.h - mapply's report as PuppetDB's "store report" command
 * (wire format v8), from Puppet's report data.
 */
#ifndef APPLY_PDBREPORT_H
#define APPLY_PDBREPORT_H
#include "base/buf.h"
#include "catalog/value.h"
#include "store/store.h"

/* Appends the "store report" v8 payload made from rep, Puppet's report
 * data (the fields of Puppet::Transaction::Report, as its YAML or
 * to_data_hash has them). */
void pdb_report_json(Buf *b, const Value *rep);

/* Reads a report file written in Puppet's YAML layout into that form (in
 * a); NULL with *err (in a). */
Value *pdb_report_read(Arena *a, const char *path, const char **err);

/* Sends VARDIR/state/last_run_report.yaml to the PuppetDB of cfg.  0, or
 * -1 after printing "Error: Could not send the report to PuppetDB: why". */
int pdb_send_report(const StorePdbConfig *cfg, const char *vardir);
#endif
