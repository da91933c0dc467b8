class m::two { notify { 'two': } }
