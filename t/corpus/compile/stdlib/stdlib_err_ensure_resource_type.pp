ensure_resource()
