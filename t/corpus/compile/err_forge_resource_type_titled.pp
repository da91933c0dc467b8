Resource['notify', 'x'] { 'z': }
