notify { 'gte': message => [os_version_gte('Debian', '11'), os_version_gte('Debian', '12'), os_version_gte('Debian', '12.1'), os_version_gte('Debian', '13'), os_version_gte('Ubuntu', '1')] }
