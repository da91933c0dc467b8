class { 'tdc': }
