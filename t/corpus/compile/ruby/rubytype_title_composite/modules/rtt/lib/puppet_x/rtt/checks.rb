module PuppetX
  module Rtt
    # Helpers a type requires from the module's lib directory.
    module Checks
      def self.good_name?(value)
        value.to_s =~ /\A[a-z]+\z/
      end
    end
  end
end
