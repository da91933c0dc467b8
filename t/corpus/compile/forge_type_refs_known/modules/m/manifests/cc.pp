class m::cc() {}
