os_version_gte('', '1')
