priv::thing { 'z': }
