notify { 'x': message => to_yaml([1, {'t' => RichData}]) }
