import math
import pandas as pd
