# hash: top-level keys merged, the higher priority value of a key wins whole
notify { 'sysctl': message => lookup('sysctl', Hash, 'hash') }
notify { 'nested': message => lookup('nested', Hash, 'hash') }
notify { 'single': message => lookup('single', Hash, 'hash') }
notify { 'hash form': message => lookup('sysctl', Hash, { 'strategy' => 'hash' }) }
include profile
