assert_type(CatalogEntry, 'notify')
