notify { 'hex': message => 0x1F }
notify { 'HEX': message => 0XfF + 1 }
notify { 'oct': message => 010 }
notify { 'oct2': message => 0777 + 0 }
notify { 'zero': message => 0 }
