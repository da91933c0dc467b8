class { 'archvsync': }
