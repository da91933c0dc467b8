class { 'ovn::northd': }
