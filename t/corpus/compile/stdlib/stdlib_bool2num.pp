notify { 'bool2num': message => [bool2num(true), bool2num(false), bool2num('yes'), bool2num('0'), bool2num(''), bool2num(undef)] }
notify { 'num2bool': message => [num2bool(1), num2bool(0), num2bool(-1), num2bool('1.5'), num2bool('0.9'), num2bool(2.7), num2bool("42"), num2bool([1]), num2bool({"a" => 1}), num2bool(true)] }
notify { 'any2bool': message => [any2bool(true), any2bool(false), any2bool(undef), any2bool('yes'), any2bool('no'), any2bool('1'), any2bool('0'), any2bool(1), any2bool(0), any2bool(0.5), any2bool([]), any2bool({}), any2bool(''), any2bool('1.5e3')] }
