# Kernel#format as Ruby 3.1 does it, shared by sprintf() and String(v, fmt)
notify { 'round':   message => [sprintf('%.2f', 2.675), String(2.675, '%.2f'), sprintf('%.1e', 0.25)] }
notify { 'bigint':  message => [sprintf('%d', 1e20), sprintf('%x', -1e20), sprintf('%.3f', 7)] }
notify { 'hex':     message => [sprintf('%a', 1.0), sprintf('%a', 5e-324), sprintf('%.50a', 1.5)] }
notify { 'named':   message => [sprintf('%<a>05.1f %{b}', { 'a' => 2.25, 'b' => 'x' })] }
notify { 'strconv': message => [String(-255, '%x'), String(255, '%#o'), String('héllo', '%-8.3s')] }
