/*
 * puppetdb.h - a PuppetDB client (store/puppetdb.c) and the wire formats
 * of its commands (store/pdbwire.c): what the store backend uses, and
 * what mapply uses to submit its report.
 */
#ifndef STORE_PUPPETDB_H
#define STORE_PUPPETDB_H
#include "store/store.h"
#include "base/buf.h"
#include "catalog/catalog.h"

typedef struct Pdb Pdb;

/* A client for the servers of cfg (strings copied); NULL with *err. */
Pdb *pdb_open(const StorePdbConfig *cfg, char **err);
void pdb_close(Pdb *p);

/* Submits command (e.g. "store report") of version for certname with its
 * payload (JSON text) to /pdb/cmd/v1.  0, or -1 with *err (malloc'd). */
int pdb_command(Pdb *p, const char *command, int version, const char *certname, const char *payload, char **err);

/* GET endpoint (e.g. "/pdb/query/v4/resources") with ?query=query_json
 * (when not NULL): the answer (malloc'd), or NULL with *err. */
char *pdb_query(Pdb *p, const char *endpoint, const char *query_json, char **err);

/* POST /pdb/query/v4 with {"query": query_json}: the answer, or NULL. */
char *pdb_post_query(Pdb *p, const char *query_json, char **err);

/* A value as PuppetDB takes it: JSON, with what JSON has no form for as
 * its string (Puppet's stringify_rich), a Sensitive value redacted. */
void pdb_value_json(Buf *b, const Value *v);

/* "2026-11-26T03:50:00.123Z": now, as PuppetDB's datetimes. */
void pdb_now(char out[32]);

/* The "replace catalog" v9 payload for c: every resource but unrealised
 * virtual ones (exported ones included, as Puppet sends them), Sensitive
 * parameters left out, containment edges and those of the relationship
 * metaparameters.  version and catalog_uuid as the catalog JSON has them,
 * transaction_uuid (or NULL: a new one) and producer are the caller's. */
void pdb_catalog_json(Buf *b, const Catalog *c, const char *version, const char *catalog_uuid,
                      const char *transaction_uuid, const char *producer);

/* The "replace facts" v5 payload. */
void pdb_facts_json(Buf *b, const char *certname, const char *environment, const Value *facts, const char *producer);

/* A new random (version 4) UUID. */
void pdb_uuid(char out[37]);
#endif
