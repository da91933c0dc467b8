#!/bin/sh
# the catalog's version (environment.conf's config_version)
echo "prod-1.2.3"
