# Environment data: the first level that has a key wins (merge first).
notify { 'motd': message => lookup('motd') }
notify { 'packages': message => lookup('packages') }
notify { 'provider': message => lookup('pkg_provider') }
notify { 'hypervisor': message => lookup('hypervisor') }
notify { 'is_vm': message => lookup('is_vm', Boolean) }
notify { 'servers': message => lookup('ntp::servers') }
# dotted keys dig into the found value
notify { 'nofile': message => lookup('settings.limits.nofile') }
notify { 'nproc': message => lookup('settings.limits.nproc.1') }
notify { 'quoted': message => lookup('settings."dotted.key"') }
notify { 'deep missing': message => lookup('settings.limits.nothere', undef, undef, 'absent') }
