class m::one { notify { 'one': } }
